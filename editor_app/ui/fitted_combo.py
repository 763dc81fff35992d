"""A drop-down box that keeps a fixed room beside its neighbours, whatever its entries.

A QComboBox takes the width of its longest entry when first shown: History's Chart box, listing the rules' titles
("Each counter-argument sub-section ≥ 150 CJK characters …"), left the title beside it "llm-infra… snapshot" even
in a 1500 px wide window. This one is `characters` wide; its list drops down as wide as its entries, and the entry
shown, cut when long, is whole in its tooltip."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QStyle, QWidget


class FittedComboBox(QComboBox):
    def __init__(self, characters: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setMinimumContentsLength(characters)
        self.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.currentTextChanged.connect(self.setToolTip)

    def showPopup(self) -> None:  # noqa: N802 (Qt's name)
        view = self.view()
        scroll_bar = self.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent)
        view.setMinimumWidth(view.sizeHintForColumn(0) + 2 * view.frameWidth() + scroll_bar)
        super().showPopup()
