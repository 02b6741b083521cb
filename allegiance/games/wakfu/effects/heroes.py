"""The Héros (307): their paid powers at each Niveau (307.4) and their "quand [nom] attaque" powers."""

from __future__ import annotations

from allegiance.games.wakfu import rules
from allegiance.games.wakfu.effects.common import p_damage, p_pa
from allegiance.games.wakfu.registry import ATTACK_PM, HERO_L2_POWERS, ON_ATTACK, PLAIN, POWERS, Spec
from allegiance.games.wakfu.state import WakfuState

POWERS.update({
    "Tirlangue Portey": (Spec("Tirlangue Portey", p_damage(2, "Air"), ("character",), incline=True,
                              text="2 Air damage to an Allié or Héros"),),
    "Aeron Zeklox": (Spec("Aeron Zeklox", p_pa, ("player",), incline=True, text="a player loses 1 PA"),),
})
HERO_L2_POWERS.update({
    "Tirlangue Portey": (Spec("Tirlangue Portey", p_damage(3), ("character", "element"), incline=True,
                              text="3 damage of a chosen element"),),
})


def _bruss_attacks(state: WakfuState, card: int) -> None:
    """Bruss Ouilis: when it attacks, +1 Force and +1 PM (Niveau 2: and Géant) until end of combat; the PM
    counts before the attacker count is checked (703.2c)."""
    d = rules.cd(state, card)
    seat = rules.controller(state, card)
    rules.add_mod(state, card, "force", 1, "combat")
    state.pmods.append((seat, "pm", 1, "combat"))
    if d.hero_side == 2:
        rules.add_mod(state, card, "Géant", 1, "combat")


ON_ATTACK["Bruss Ouilis"] = _bruss_attacks
ATTACK_PM["Bruss Ouilis"] = 1

# no power beyond stats, keywords and continuous powers (Poum Ondacié's prevention is in events)
PLAIN.update({
    "Bruss Ouilis", "Poum Ondacié",
})
