// Internals of tuning_db/ shared by its files and by tailor-db: size limits of stored
// strings, the non-throwing JSON-line parser, and the message of a tailor::Error without
// its "tailor: <code>: " prefix (for messages that wrap another).
#pragma once

#include <cstddef>
#include <exception>
#include <optional>
#include <string>
#include <string_view>

#include "tuning_db/tuning_db.hpp"

namespace tailor::db::detail {

inline constexpr std::size_t kMaxDeviceBytes = 256;   ///< a device fingerprint
inline constexpr std::size_t kMaxProblemBytes = 512;  ///< a problem key
inline constexpr std::size_t kMaxConfigBytes = 256;   ///< a config's text
inline constexpr std::size_t kMaxShortText = 64;      ///< tailor_version, date

/// The record a JSON line describes, or nullopt with `why` saying what is wrong.
std::optional<TuningRecord> parse_json_line(const std::string& line, std::string& why);

/// An exception's message; for a tailor::Error without the "tailor: <code>: " prefix.
std::string reason(const std::exception& e);

/// Why a stored string is unacceptable (empty when not allowed, longer than `max_len`,
/// control characters, not UTF-8), or nullopt.
std::optional<std::string> check_text(std::string_view field, const std::string& s, std::size_t max_len,
                                      bool allow_empty);

}  // namespace tailor::db::detail
