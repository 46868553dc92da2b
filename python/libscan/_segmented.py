"""Segmented scans of 1-D arrays: segments given by offsets, head flags or keys."""

from . import _core
from . import _frameworks
from . import _libscan as _ext


def _contiguous(fw, a, stream):
    return a if _ext.is_contiguous_1d(fw.export(a, stream)) else fw.contiguous(a)


def segmented_scan(
    x, op, *, offsets=None, flags=None, keys=None, exclusive=False, initial=None, totals=False,
    dtype=None, stream=None,
):
    """Scans each segment of the 1-D array x on its own with op (as scan() takes it).

    Exactly one of: offsets (num_segments + 1 int32 or int64 offsets: segment s is
    [offsets[s], offsets[s+1]), offsets[0] == 0, the last == len(x), never decreasing; checked,
    which waits for the check), flags (one byte per item: a non-zero one starts a segment; item 0
    always does), keys (runs of equal adjacent keys). An exclusive scan starts every segment from
    initial (default: op's identity). totals=True returns (out, totals), a total per segment (for
    flags and keys, their count is read first, which waits for the device)."""
    x, back = _frameworks.borrow(x)
    fw = _frameworks.framework_of(x)
    with fw.on_device(x):
        return back(_segmented(fw, x, op, offsets, flags, keys, exclusive, initial, totals, dtype,
                               stream))


def _segmented(fw, x, op, offsets, flags, keys, exclusive, initial, totals, dtype, stream):
    given = [(k, v) for k, v in (("offsets", offsets), ("flags", flags), ("keys", keys))
             if v is not None]
    if len(given) != 1:
        raise ValueError("offsets: give exactly one of offsets=, flags=, keys=")
    kind, segments = given[0]
    if _frameworks.is_jax(segments):
        segments, _ = _frameworks.borrow(segments)
    if _frameworks.framework_of(segments, kind) is not fw:
        raise TypeError(f"{kind}: an array of x's framework ({fw.name})")
    if x.ndim != 1:
        raise ValueError(f"x: segmented scans take 1-D arrays, got {x.ndim} dimensions")
    if segments.ndim != 1:
        raise ValueError(f"{kind}: a 1-D array, got {segments.ndim} dimensions")
    handle, sync = _core.stream_of(fw, x, stream)
    x, scan_type, name, lib_op = _core.builtin_scan_of(fw, x, op, dtype, "segmented scans")
    x = _contiguous(fw, x, sync)
    segments = _contiguous(fw, segments, sync)
    out = fw.empty((x.shape[0],), scan_type, like=x)
    num_segments = segments.shape[0] - 1 if kind == "offsets" else 0
    total_array = None
    if totals:
        count = (
            max(num_segments, 0) if kind == "offsets"
            else fw.count_heads(segments) if kind == "flags"
            else fw.key_heads(segments)
        )
        total_array = fw.empty((count,), scan_type, like=x)
    _ext.segmented_scan(
        fw.export(x, sync), fw.export(out, sync), kind, fw.export(segments, sync),
        num_segments, lib_op, not exclusive, initial,
        None if total_array is None else fw.export(total_array, sync), handle,
    )
    if scan_type != name:
        out = fw.astype(out, name)
        total_array = None if total_array is None else fw.astype(total_array, name)
    return (out, total_array) if totals else out
