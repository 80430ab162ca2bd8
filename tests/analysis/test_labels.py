"""Labels follow the documented thresholds; accuracies stay in [0, 100] and fall with the losses."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from burraco.analysis import THRESHOLDS, Label, decision_accuracy, hand_accuracy, label_for

losses = st.floats(min_value=0.0, max_value=5000.0, allow_nan=False)


@given(losses)
def test_a_label_is_the_band_of_its_loss(loss: float) -> None:
    label = label_for(loss)
    bands = list(Label)
    index = bands.index(label)
    low = 0.0 if index == 0 else THRESHOLDS[index - 1]
    high = THRESHOLDS[index] if index < len(THRESHOLDS) else float("inf")
    assert low <= loss < high


@given(losses, losses)
def test_more_loss_is_never_a_better_label_nor_a_higher_accuracy(a: float, b: float) -> None:
    low, high = sorted((a, b))
    order = list(Label)
    assert order.index(label_for(low)) <= order.index(label_for(high))
    assert decision_accuracy(low) >= decision_accuracy(high)


@given(st.lists(losses, max_size=80))
def test_hand_accuracy_is_between_0_and_100(values: list[float]) -> None:
    accuracy = hand_accuracy(values)
    assert 0.0 <= accuracy <= 100.0
    if all(v == 0.0 for v in values):
        assert accuracy == 100.0


def test_labels_have_italian_and_english_words() -> None:
    assert [label.italian for label in Label] == ["ottima", "buona", "imprecisione", "errore", "grave errore"]
    assert [label.english for label in Label] == ["best", "good", "inaccuracy", "mistake", "blunder"]
