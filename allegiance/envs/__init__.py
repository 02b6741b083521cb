"""Environments for learning agents (optional extra ``rl``): a PettingZoo AEC env over SWDBG.

    from allegiance.envs.pettingzoo import env
"""
