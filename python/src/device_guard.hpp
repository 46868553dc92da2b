// Makes an array's GPU the current device for the duration of a call, and restores the one that
// was current (the cuda backend: an array on GPU k runs on GPU k). Host arrays, and builds without
// a GPU backend, change nothing.
#pragma once

namespace scan::python {

class device_guard {
public:
  device_guard(bool on_gpu, int device);
  ~device_guard();
  device_guard(const device_guard&) = delete;
  device_guard& operator=(const device_guard&) = delete;

private:
  int previous_ = -1;
};

} // namespace scan::python
