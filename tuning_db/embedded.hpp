// Files the build embeds into the library for the tuning databases (cmake/embed_files.cmake):
// the schema migrations (tuning_db/schema/NNN_name.sql) and the shipped databases
// (tuning_db/shipped/*.jsonl). Internal to tuning_db/.
#pragma once

#include <string_view>
#include <vector>

namespace tailor::db::detail {

/// Text of an embedded migration by file name ("001_initial.sql"); "" when there is none.
std::string_view schema_text(std::string_view name);
/// File names of the embedded migrations, in file-name order.
std::vector<std::string_view> schema_names();

/// Text of an embedded shipped database by file name ("nvidia-h200.jsonl"); "" when none.
std::string_view shipped_text(std::string_view name);
/// File names of the embedded shipped databases, in file-name order.
std::vector<std::string_view> shipped_names();

}  // namespace tailor::db::detail
