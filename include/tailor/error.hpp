// Tailor's one exception type. Every failure the library reports is a tailor::Error with
// a code that says whose fault it is (the caller's arguments, the device, the compiler,
// the database, or Tailor itself) and a message that carries the evidence: the problem,
// the failing call and its file:line, the NVRTC log. User errors are raised before
// anything touches a device or an output buffer.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

namespace tailor {

/// What went wrong. Codes below `device_unavailable` are the caller's errors.
enum class ErrorCode {
  invalid_shape,       ///< a size is zero or negative
  size_overflow,       ///< a size product does not fit in 64 bits
  null_pointer,        ///< A, B or C is null
  bad_leading_dim,     ///< a leading dimension smaller than the matrix it describes
  bad_stride,          ///< a batch stride below -1 (-1: the tight stride, 0: broadcast)
  overlapping_output,  ///< output matrices overlap each other or an input
  misaligned_pointer,  ///< a pointer misaligned for its element type or the chosen kernel
  invalid_config,      ///< a kernel config that is illegal for the problem or device
  invalid_argument,    ///< any other bad argument (unknown dtype, malformed string)
  device_unavailable,  ///< no CUDA driver, no device, or no CPU path in this build
  driver_error,        ///< a CUDA driver call failed
  compile_error,       ///< NVRTC (or LLVM) rejected generated source
  cache_error,         ///< reserved: on-disk module cache failures are warnings (memory or NVRTC serve)
  database_error,      ///< a tuning database could not be read or written
  internal_error,      ///< a bug in Tailor
};

/// Stable lower-case name of a code ("invalid_shape", ...).
std::string_view to_string(ErrorCode code);

/// True for codes that mean the caller passed something wrong.
constexpr bool is_user_error(ErrorCode code) { return code < ErrorCode::device_unavailable; }

/// The exception Tailor throws. `what()` is one or more human-readable lines.
class Error : public std::runtime_error {
 public:
  Error(ErrorCode code, const std::string& message);
  ErrorCode code() const noexcept { return code_; }

 private:
  ErrorCode code_;
};

}  // namespace tailor
