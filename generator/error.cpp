// tailor::Error and the names of its codes.
#include "tailor/error.hpp"

namespace tailor {

std::string_view to_string(ErrorCode code) {
  switch (code) {
    case ErrorCode::invalid_shape: return "invalid_shape";
    case ErrorCode::size_overflow: return "size_overflow";
    case ErrorCode::null_pointer: return "null_pointer";
    case ErrorCode::bad_leading_dim: return "bad_leading_dim";
    case ErrorCode::bad_stride: return "bad_stride";
    case ErrorCode::overlapping_output: return "overlapping_output";
    case ErrorCode::misaligned_pointer: return "misaligned_pointer";
    case ErrorCode::invalid_config: return "invalid_config";
    case ErrorCode::invalid_argument: return "invalid_argument";
    case ErrorCode::device_unavailable: return "device_unavailable";
    case ErrorCode::driver_error: return "driver_error";
    case ErrorCode::compile_error: return "compile_error";
    case ErrorCode::cache_error: return "cache_error";
    case ErrorCode::database_error: return "database_error";
    case ErrorCode::internal_error: return "internal_error";
  }
  return "unknown";
}

Error::Error(ErrorCode code, const std::string& message)
    : std::runtime_error("tailor: " + std::string(to_string(code)) + ": " + message), code_(code) {}

}  // namespace tailor
