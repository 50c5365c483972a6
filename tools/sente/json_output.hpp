// JSON forms of the plugin interface's result structs (nlohmann-json).
#pragma once

#include <nlohmann/json.hpp>

#include "sente/plugin/interface.hpp"

namespace sente::plugin {

void to_json(nlohmann::json& j, const NamedText& t);
void to_json(nlohmann::json& j, const GameInfo& g);
void to_json(nlohmann::json& j, const Stat& s);
void to_json(nlohmann::json& j, const MoveAnalysis& m);
void to_json(nlohmann::json& j, const Analysis& a);
void to_json(nlohmann::json& j, const VerifyItem& v);
void to_json(nlohmann::json& j, const VerifyReport& r);
void to_json(nlohmann::json& j, const ResultTable& t);

}  // namespace sente::plugin
