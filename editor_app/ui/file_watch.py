"""Notices another program changing or deleting the open file; our own saves (same content fingerprint) are ignored."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QFileSystemWatcher, QObject, QTimer, Signal

from editor_app.services.files import changed_on_disk, file_fingerprint


class ExternalChangeWatcher(QObject):
    changed_externally = Signal(object)  # Path
    deleted_externally = Signal(object)  # Path: the file we loaded or saved is gone (said once)

    def __init__(self, parent: QObject | None = None, delay_ms: int = 250, *, notice_creation: bool = False) -> None:
        """`notice_creation`: a file that did not exist (or was deleted) and now does is a change too."""
        super().__init__(parent)
        self.notice_creation = notice_creation
        self.path: Path | None = None
        self.fingerprint: tuple[int, int, str] | None = None
        # The file as we last had it, kept while it is deleted: one written there again by another program (a git
        # checkout, a restore) is compared with it, so Save never overwrites it unasked.
        self._before_deletion: tuple[int, int, str] | None = None
        self._watcher = QFileSystemWatcher(self)
        self._watcher.fileChanged.connect(self._touched)
        self._watcher.directoryChanged.connect(self._touched)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(delay_ms)
        self._timer.timeout.connect(self.check)
        self._suspended = False
        self._missed = False  # a look skipped while suspended

    def watch(self, path: Path | None, fingerprint: tuple[int, int, str] | None = None) -> None:
        """Watch `path` (None: nothing), as it is on disk now; `fingerprint`: its own, as remember takes it."""
        old = self._watcher.files() + self._watcher.directories()
        if old:
            self._watcher.removePaths(old)
        self.path = Path(path).resolve() if path else None
        self.remember(fingerprint)
        self._arm()

    def remember(self, fingerprint: tuple[int, int, str] | None = None) -> None:
        """Take the file as it is on disk now as ours (after loading or saving it); `fingerprint`: the one a save
        took of the bytes it wrote (an 8 MB survey was read back and hashed again on the GUI thread)."""
        self._before_deletion = None
        if fingerprint is not None:
            self.fingerprint = fingerprint
        else:
            try:
                self.fingerprint = file_fingerprint(self.path) if self.path else None
            except OSError:
                self.fingerprint = None
        self._arm()

    def set_suspended(self, suspended: bool) -> None:
        """While suspended (a save of ours under way) no change is said; a look skipped meanwhile is taken again
        a debounce after, against the fingerprint the save left (a change by another program then is not missed)."""
        self._suspended = suspended
        if not suspended and self._missed:
            self._missed = False
            self._timer.start()

    def differs(self) -> bool:
        """Whether another program's content is on disk now (a file deleted since is nothing to overwrite)."""
        known = self.fingerprint if self.fingerprint is not None else self._before_deletion
        if not self.path or known is None or not self.path.exists():
            return False
        return changed_on_disk(self.path, known)

    def _arm(self) -> None:
        if self.path is None:
            return
        if self.path.exists() and str(self.path) not in self._watcher.files():
            self._watcher.addPath(str(self.path))
        parent = str(self.path.parent)
        if self.path.parent.is_dir() and parent not in self._watcher.directories():
            self._watcher.addPath(parent)  # atomic saves by rename replace the watched inode

    def _touched(self, _path: str) -> None:
        self._timer.start()

    def check(self) -> bool:
        """Emit changed_externally when the file's content is no longer what we loaded or saved."""
        self._arm()
        if self._suspended:
            self._missed = True
            return False
        if self.path is None:
            return False
        if self.fingerprint is None:
            if self._before_deletion is not None and self.path.is_file():
                return self._back_after_deletion()
            if not (self.notice_creation and self.path.is_file()):
                return False
            self.remember()  # it appeared (a team copies its pack beside the survey)
            self.changed_externally.emit(self.path)
            return True
        if not self.path.exists():
            # Gone a debounce after the event: deleted or moved away, not replaced by an atomic save (which
            # renames the new file in at once). Said once: until we save it again there is nothing to compare.
            self.fingerprint, self._before_deletion = None, None if self.notice_creation else self.fingerprint
            self.deleted_externally.emit(self.path)
            return True
        if self.differs():
            try:
                self.fingerprint = file_fingerprint(self.path)  # ask once per change, not once per event
            except OSError:
                return False
            self.changed_externally.emit(self.path)
            return True
        return False

    def _back_after_deletion(self) -> bool:
        """The deleted file is there again: a change when its content is not what we last had."""
        changed = self.differs()
        self.remember()  # ours again: asked about once
        if changed:
            self.changed_externally.emit(self.path)
        return changed
