"""Scans of a 1-D array split over the ranks of a group: each rank passes its part (parts of any
size, empty ones too, in rank order) and gets its part of the scan of the whole, through libscan's
distributed scan (scan/distributed.hpp) with the ranks' totals exchanged by the group's
all-gather. Every rank calls, with the same dtype, operator and initial value.

`group`: a torch.distributed process group (None: the default one), or any object with
`rank()`, `size()` and `all_gather_bytes(send, recv, stream)`, which gathers every rank's `send`
(a uint8 array) into `recv` (rank r's at r * len(send)) in rank order; the arrays are DLPack views
of the scan's memory, valid during the call, and `stream` the handle the scan runs on.
"""

from . import _core
from . import _frameworks
from . import _libscan as _ext


class _TorchGroup:
    """A torch.distributed process group as a libscan group (Gloo on CPU, NCCL on GPUs)."""

    def __init__(self, group):
        import torch
        import torch.distributed as dist

        self.torch, self.dist, self.group = torch, dist, group

    def rank(self):
        return self.dist.get_rank(self.group)

    def size(self):
        return self.dist.get_world_size(self.group)

    def all_gather_bytes(self, send, recv, stream):
        send_t, recv_t = self.torch.from_dlpack(send), self.torch.from_dlpack(recv)
        parts = list(recv_t.chunk(self.size()))
        if send_t.is_cuda:  # NCCL on the scan's stream, ordered between its steps
            cuda = self.torch.cuda
            on = cuda.default_stream() if stream == 0 else cuda.ExternalStream(stream)
            with cuda.stream(on):
                self.dist.all_gather(parts, send_t, group=self.group)
        else:
            self.dist.all_gather(parts, send_t, group=self.group)


def _as_group(group):
    if hasattr(group, "all_gather_bytes"):
        return group
    return _TorchGroup(group)


def scan(x, op, group=None, *, exclusive=False, initial=None, dtype=None, stream=None):
    """This rank's part of the scan of the whole array with op ("sum", "prod", "max", "min",
    "and", "or", "xor"); the dtypes, initial and exclusive of libscan.scan."""
    x, back = _frameworks.borrow(x)
    fw = _frameworks.framework_of(x)
    if x.ndim != 1:
        raise ValueError(f"x: a distributed scan takes this rank's 1-D part, got {x.ndim} dimensions")
    group = _as_group(group)
    with fw.on_device(x):
        handle, sync = _core.stream_of(fw, x, stream)
        x, scan_type, name, lib_op = _core.builtin_scan_of(fw, x, op, dtype, "distributed scans")
        x = fw.contiguous(x)
        out = fw.empty((x.shape[0],), scan_type, like=x)
        _ext.distributed_scan(fw.export(x, sync), fw.export(out, sync), lib_op,
                              not exclusive, initial, group.rank(), group.size(),
                              group.all_gather_bytes, handle)
        if scan_type != name:
            out = fw.astype(out, name)
    return back(out)


def cumulative_sum(x, group=None, *, exclusive=False, initial=None, dtype=None, stream=None):
    """This rank's part of the running sum of the whole array (scan with "sum")."""
    return scan(x, "sum", group, exclusive=exclusive, initial=initial, dtype=dtype, stream=stream)
