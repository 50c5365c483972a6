"""Progress of a long call: a tqdm bar when tqdm is installed, or the
caller's own callback."""

from __future__ import annotations

from typing import Callable, Optional, Union

# progress=...: True (a tqdm bar if tqdm is installed), False/None (nothing),
# or a callable taking (done, total, note).
ProgressArg = Union[bool, None, Callable[[int, int, str], object]]


class _TqdmBar:
    """A tqdm bar fed (done, total, note) reports; shown only when the work
    lasts over half a second (tqdm's delay), so quick solves print nothing."""

    def __init__(self, label: str):
        import tqdm

        try:  # a notebook's widget bar needs ipywidgets; the text bar works anywhere
            import ipywidgets  # noqa: F401
            import tqdm.auto

            self._tqdm = tqdm.auto.tqdm
        except ImportError:
            self._tqdm = tqdm.tqdm
        self._label = label
        self._bar = None

    def __call__(self, done: int, total: int, note: str) -> None:
        try:
            self._draw(done, total, note)
        except (OSError, ValueError, AttributeError):
            self._draw = lambda *_: None  # stderr closed or gone: the solve goes on unbarred

    def _draw(self, done: int, total: int, note: str) -> None:
        if self._bar is None:
            self._bar = self._tqdm(total=total or None, desc=self._label, delay=0.5,
                                   leave=False, dynamic_ncols=True)
        if total and self._bar.total != total:
            self._bar.total = total
        if note:
            self._bar.set_postfix_str(note, refresh=False)
        # update() draws only once the delay has passed (refresh() would not wait).
        if done >= self._bar.n:
            self._bar.update(done - self._bar.n)
        else:  # a new phase started over
            self._bar.n = done

    def close(self) -> None:
        if self._bar is not None:
            try:
                self._bar.close()
            except (OSError, ValueError, AttributeError):
                pass


class _NoBar:
    def close(self) -> None:
        pass


def reporter(progress: ProgressArg, label: str):
    """(callback or None for the native half, object to close when done)."""
    if progress is None or progress is False:
        return None, _NoBar()
    if progress is True:
        import sys

        if sys.stderr is None:
            return None, _NoBar()
        try:
            bar = _TqdmBar(label)
        except ImportError:
            return None, _NoBar()
        return bar, bar
    if callable(progress):
        return progress, _NoBar()
    raise TypeError(f"progress must be True, False or a callable (done, total, note), "
                    f"not {type(progress).__name__}")
