// `sente cgt EXPR...`: short games in CGSuite's syntax, evaluated without any
// game plugin (sente/cgt/), as researchers use CGSuite's worksheet: each
// expression's canonical form, outcome class, stops, mean and temperature
// (thermograph.hpp), birthday and, for an all-small game, atomic weight, or the
// truth of a comparison A == B, A <= B, A >= B, A < B, A > B, A <| B (less or
// confused: not A >= B), A |> B, A <> B or A || B (confused with).
#include <cctype>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "commands.hpp"
#include "exit_codes.hpp"
#include "json_output.hpp"
#include "sente/cgt/atomic_weight.hpp"
#include "sente/cgt/format.hpp"
#include "sente/cgt/parse.hpp"
#include "sente/cgt/short_game.hpp"
#include "sente/cgt/thermograph.hpp"

namespace sente::driver {

namespace {

using nlohmann::json;

// A comparison's operators, longest first so "<=" is not read as "<".
constexpr std::string_view kRelations[] = {"==", "<=", ">=", "<|", "|>", "<>", "||", "<", ">"};

// The operator of `text` outside braces and parentheses, and where; nothing
// for a plain expression.
std::optional<std::pair<std::string_view, std::size_t>> relation_of(std::string_view text) {
  int level = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '{' || c == '(' ||
        (c == '<' && i + 1 < text.size() && std::isdigit(text[i + 1]) && i > 0 &&
         (text[i - 1] == '^' || text[i - 1] == 'v'))) {
      ++level;  // ^<2>: an exponent, not an operator
      continue;
    }
    if (c == '}' || c == ')' || (c == '>' && level > 0 && i > 0 && std::isdigit(text[i - 1]))) {
      --level;
      continue;
    }
    if (level > 0) continue;
    for (std::string_view op : kRelations)
      if (text.substr(i, op.size()) == op) return std::pair{op, i};
  }
  return std::nullopt;
}

bool holds(std::string_view op, cgt::Order order) {
  using cgt::Order;
  if (op == "==") return order == Order::kEqual;
  if (op == "<=") return order == Order::kEqual || order == Order::kLess;
  if (op == ">=") return order == Order::kEqual || order == Order::kGreater;
  if (op == "<") return order == Order::kLess;
  if (op == ">") return order == Order::kGreater;
  if (op == "<|") return order == Order::kLess || order == Order::kConfused;
  if (op == "|>") return order == Order::kGreater || order == Order::kConfused;
  return order == Order::kConfused;  // <> and ||
}

// How `o` is named in JSON ("less") and in a sentence ("less than").
std::pair<const char*, const char*> order_names(cgt::Order o) {
  switch (o) {
    case cgt::Order::kEqual:
      return {"equal", "equal to"};
    case cgt::Order::kLess:
      return {"less", "less than"};
    case cgt::Order::kGreater:
      return {"greater", "greater than"};
    case cgt::Order::kConfused:
      return {"confused", "confused with"};
  }
  return {"", ""};
}

const char* outcome_meaning(OutcomeClass c) {
  switch (c) {
    case OutcomeClass::kL:
      return "Left wins whoever starts";
    case OutcomeClass::kR:
      return "Right wins whoever starts";
    case OutcomeClass::kN:
      return "the first player wins";
    case OutcomeClass::kP:
      return "the second player wins";
  }
  return "";
}

}  // namespace

// The most canonical games one run stores: about 1.5 GB with the memo tables
// (100-140 bytes a game). A sum of many switches has an exponential value.
constexpr std::size_t kMaxGames = 10'000'000;

int run_cgt(const Common& common, const std::vector<std::string>& expressions) {
  cgt::GameStore store;
  store.set_max_games(kMaxGames);
  cgt::Formatter formatter(store);
  cgt::Thermographer thermographer(store);
  cgt::AtomicWeights atomic_weights(store);
  json results = json::array();
  std::string out;
  try {
    for (const std::string& expression : expressions) {
      auto value = [&](std::string_view text) -> absl::StatusOr<cgt::GameId> {
        absl::StatusOr<cgt::GameId> g = cgt::parse(store, text);
        if (g.ok()) return g;
        // The reason first: a long expression is shortened, never the reason.
        const std::string shown = expression.size() <= 120
                                      ? expression
                                      : absl::StrCat(expression.substr(0, 100), "... (",
                                                     expression.size(), " characters)");
        return absl::Status(g.status().code(),
                            absl::StrCat(std::string(g.status().message()), ", in '", shown, "'"));
      };
      if (auto rel = relation_of(expression)) {
        const auto [op, at] = *rel;
        absl::StatusOr<cgt::GameId> a = value(std::string_view(expression).substr(0, at));
        if (!a.ok()) return report_error(a.status());
        absl::StatusOr<cgt::GameId> b = value(std::string_view(expression).substr(at + op.size()));
        if (!b.ok()) return report_error(b.status());
        const cgt::Order order = store.compare(*a, *b);
        const bool truth = holds(op, order);
        results.push_back({{"expression", expression},
                           {"left", formatter.text(*a)},
                           {"right", formatter.text(*b)},
                           {"relation", order_names(order).first},
                           {"holds", truth}});
        absl::StrAppend(&out, expression, "\n  ", truth ? "true" : "false", ": ",
                        formatter.text(*a), " is ", order_names(order).second, " ",
                        formatter.text(*b), "\n");
        continue;
      }
      absl::StatusOr<cgt::GameId> g = value(expression);
      if (!g.ok()) return report_error(g.status());
      const OutcomeClass outcome = store.outcome(*g);
      const std::string text = formatter.text(*g);
      const std::string mean = thermographer.mean(*g).text();
      const std::string temperature = thermographer.temperature(*g).text();
      const std::optional<cgt::GameId> weight = atomic_weights.atomic_weight(*g);
      json r = {{"expression", expression},
                {"value", text},
                {"outcome", std::string(1, outcome_letter(outcome))},
                {"birthday", store.birthday(*g)},
                {"left_stop", store.left_stop(*g).text()},
                {"right_stop", store.right_stop(*g).text()},
                {"mean", mean},
                {"temperature", temperature}};
      if (auto x = store.number_value(*g))
        r["number"] = {{"text", x->text()},
                       {"numerator", x->numerator()},
                       {"denominator", std::int64_t{1} << x->exponent()}};
      if (auto n = store.nimber_value(*g)) r["nimber"] = *n;
      if (weight) r["atomic_weight"] = formatter.text(*weight);
      results.push_back(r);
      absl::StrAppend(&out, expression, " = ", text, "\n  outcome class ",
                      std::string(1, outcome_letter(outcome)), " (", outcome_meaning(outcome),
                      "); stops ", store.left_stop(*g).text(), " and ", store.right_stop(*g).text(),
                      "; mean ", mean, ", temperature ", temperature, "; birthday ",
                      store.birthday(*g));
      if (weight) absl::StrAppend(&out, "; all-small, atomic weight ", formatter.text(*weight));
      out += "\n";
    }
  } catch (const cgt::GameStore::Full& e) {
    return report_error(absl::ResourceExhaustedError(
        absl::StrCat(e.what(), ": the value is too large for this run (at most ", kMaxGames,
                     " games, about 1.5 GB)")));
  }
  if (common.json)
    std::cout << json_text(json{{"results", results}, {"games_stored", store.size()}}) << "\n";
  else
    std::cout << out;
  return kOk;
}

}  // namespace sente::driver
