#include "json_output.hpp"

#include "sente/plugin/options.hpp"

#include <cmath>
#include <vector>

namespace sente {

void to_json(nlohmann::json& j, const NamedText& t) {
  j = {{"name", t.name}, {"description", t.description}};
}

// The schema entry: the closed enums become their names here and only here.
// Only the fields a shape uses, to keep views small.
void to_json(nlohmann::json& j, const Shape& s) {
  // Board units to 1e-4: enough for any drawing, without float noise.
  std::vector<double> at;
  for (double x : s.at) at.push_back(std::round(x * 1e4) / 1e4);
  j = {{"kind", shape_kind_name(s.kind)}, {"at", at}};
  for (const auto& [key, value] :
       {std::pair{"style", &s.style}, std::pair{"text", &s.text}, std::pair{"move", &s.move},
        std::pair{"group", &s.group}, std::pair{"select", &s.select}})
    if (!value->empty()) j[key] = *value;
}

void to_json(nlohmann::json& j, const BoardView& v) {
  j = {{"width", v.width}, {"height", v.height}, {"shapes", v.shapes}};
}

}  // namespace sente

namespace sente::plugin {

void to_json(nlohmann::json& j, const OptionInfo& o) {
  j = {{"name", o.name},
       {"description", o.description},
       {"default", o.default_value},
       {"type", type_name(o.type)},
       {"scope", scope_name(o.scope)}};
  if (!o.engine.empty()) j["engine"] = o.engine;
  if (o.scope == OptionScope::kCommand) j["command"] = command_name(o.command);
  if (o.type == OptionType::kInteger) {
    j["min"] = o.min;
    j["max"] = o.max;
  }
  if (o.type == OptionType::kEnum) j["values"] = o.values;
  if (o.role != OptionRole::kNone) j["role"] = role_name(o.role);
  if (o.unit != Unit::kNone) j["unit"] = unit_name(o.unit);
}

void to_json(nlohmann::json& j, const EngineInfo& e) {
  j = {{"name", e.name}, {"description", e.description}};
}

void to_json(nlohmann::json& j, const GameInfo& g) {
  j = {{"name", g.name},
       {"title", g.title},
       {"summary", g.summary},
       {"options", g.options},
       {"variants", g.variants},
       {"engines", g.engines},
       {"position_formats", g.position_formats},
       {"table_engines", g.table_engines},
       {"verify_engines", g.verify_engines}};
}

void to_json(nlohmann::json& j, const Stat& s) {
  j = {{"name", s.name}, {"value", s.value}, {"unit", unit_name(s.unit)}};
}

void to_json(nlohmann::json& j, const MoveAnalysis& m) {
  j = {{"move", m.move},
       {"also", m.also},
       {"value", m.value},
       {"value_text", m.value_text},
       {"value_kind", value_kind_name(m.value_kind)},
       {"best", m.best},
       {"resolved", m.resolved}};
  if (m.depth >= 0) j["depth"] = m.depth;
  if (!m.canonical.empty()) j["canonical"] = m.canonical;
  if (!m.dominated_by.empty()) j["dominated_by"] = m.dominated_by;
  if (!m.reversible_through.empty()) j["reversible_through"] = m.reversible_through;
}

void to_json(nlohmann::json& j, const Analysis& a) {
  j = {{"game", a.game},
       {"variant", a.variant},
       {"position", a.position},
       {"to_move", a.to_move},
       {"value", a.value},
       {"value_text", a.value_text},
       {"value_meaning", a.value_meaning},
       {"value_kind", value_kind_name(a.value_kind)},
       {"moves", a.moves},
       {"summary", a.summary},
       {"resolved", a.resolved},
       {"diagram", a.diagram},
       {"board", a.board},
       {"engine", a.engine},
       {"engine_detail", a.engine_detail},
       {"stats", a.stats},
       {"certificate", a.certificate}};
  if (a.depth >= 0) j["depth"] = a.depth;
  if (!a.canonical.empty()) j["canonical"] = a.canonical;
  if (a.view.width > 0) j["view"] = a.view;
}

void to_json(nlohmann::json& j, const VerifyItem& v) {
  j = {{"where", v.where}, {"what", v.what}};
}

void to_json(nlohmann::json& j, const VerifyReport& r) {
  j = {{"file", r.file},
       {"items_found", r.items_found},
       {"values_compared", r.values_compared},
       {"values_matched", r.values_matched},
       {"skipped", r.skipped},
       {"mismatches", r.mismatches},
       {"notes", r.notes}};
}

void to_json(nlohmann::json& j, const ResultTable& t) {
  j = {{"title", t.title}, {"columns", t.columns},       {"rows", t.rows},
       {"notes", t.notes}, {"unresolved", t.unresolved}, {"mismatches", t.mismatches}};
}

void to_json(nlohmann::json& j, const TableEntry& e) {
  j = {{"engine", e.engine}, {"file", e.file},   {"section", e.section},
       {"index", e.index},   {"entry", e.entry}, {"index_size", e.index_size}};
}

}  // namespace sente::plugin

namespace sente::driver {

nlohmann::json discovery_json(const plugin::Discovery& d) {
  nlohmann::json games = nlohmann::json::array();
  for (const auto& p : d.plugins) {
    nlohmann::json g = p.info;
    g["plugin"] = p.path.string();
    games.push_back(g);
  }
  nlohmann::json problems = nlohmann::json::array();
  for (const auto& p : d.problems)
    problems.push_back({{"plugin", p.plugin.string()},
                        {"kind", problem_kind_name(p.kind)},
                        {"message", p.message}});
  nlohmann::json searched = nlohmann::json::array();
  for (const auto& s : d.searched) searched.push_back(s.string());
  return {{"games", games}, {"problems", problems}, {"searched", searched}};
}

}  // namespace sente::driver
