// JSON forms of the plugin interface's result structs (nlohmann-json).
#pragma once

#include <nlohmann/json.hpp>

#include "sente/plugin/interface.hpp"
#include "sente/plugin/loader.hpp"

namespace sente::driver {

// `j` as indented text; bytes that are not UTF-8 (from a file name, a
// position, a message quoting input) become U+FFFD instead of an exception.
inline std::string json_text(const nlohmann::json& j) {
  return j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
}

// What `sente list --json` and /api/games give: {"games" (each GameInfo
// with its plugin file), "problems", "searched"}.
nlohmann::json discovery_json(const plugin::Discovery& d);

}  // namespace sente::driver

// The plain structs of board_shapes.hpp (namespace sente: found by ADL there).
namespace sente {

void to_json(nlohmann::json& j, const NamedText& t);
void to_json(nlohmann::json& j, const Shape& s);
void to_json(nlohmann::json& j, const BoardView& v);

}  // namespace sente

namespace sente::plugin {

void to_json(nlohmann::json& j, const OptionInfo& o);
void to_json(nlohmann::json& j, const EngineInfo& e);
void to_json(nlohmann::json& j, const GameInfo& g);
void to_json(nlohmann::json& j, const Stat& s);
void to_json(nlohmann::json& j, const MoveAnalysis& m);
void to_json(nlohmann::json& j, const Analysis& a);
void to_json(nlohmann::json& j, const VerifyItem& v);
void to_json(nlohmann::json& j, const VerifyReport& r);
void to_json(nlohmann::json& j, const ResultTable& t);
void to_json(nlohmann::json& j, const TableEntry& e);

}  // namespace sente::plugin
