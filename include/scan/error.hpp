// The one exception libscan throws: its message names the argument and what is wrong with it.
#pragma once

#include <stdexcept>
#include <string>

namespace scan {

class error : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

} // namespace scan
