// `sente._core`: the native half of the Python module. It finds and loads
// plugins with the driver's loader, checks options with the driver's checks,
// runs the plugin interface's calls (run.hpp) and returns their results as
// the driver's --json text, so Python and the driver answer alike. The
// Python half (sente/__init__.py) turns that text into dataclasses.
//
// Errors are raised as StatusError(code, message): code is Abseil's name
// ("INVALID_ARGUMENT", "NOT_FOUND", ...), message the plugin's or loader's
// own words; the Python half maps them onto ValueError, LookupError, ...
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

#include <filesystem>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "absl/status/statusor.h"
#include "best_move.hpp"
#include "command_options.hpp"
#include "json_output.hpp"
#include "run.hpp"
#include "sente/plugin/loader.hpp"
#include "sente/plugin/registry.hpp"
#include "sente/support/table_file.hpp"

namespace sente::python {
namespace {

namespace py = pybind11;
using plugin::Options;

PyObject* status_error = nullptr;  // the StatusError type, made at import

// A message as Python text: a plugin may quote input bytes that are not
// UTF-8 (a position, a file name), shown as \xNN escapes, never an error.
py::str text(std::string_view s) {
  return py::reinterpret_steal<py::str>(
      PyUnicode_DecodeUTF8(s.data(), static_cast<Py_ssize_t>(s.size()), "backslashreplace"));
}

[[noreturn]] void raise(const absl::Status& s) {
  PyErr_SetObject(status_error, py::make_tuple(absl::StatusCodeToString(s.code()),
                                               text({s.message().data(), s.message().size()}))
                                    .ptr());
  throw py::error_already_set();
}

template <class T>
T value_or_raise(absl::StatusOr<T> v) {
  if (!v.ok()) raise(v.status());
  return *std::move(v);
}

plugin::Command command_named(const std::string& name) {
  if (name == "table") return plugin::Command::kTable;
  if (name == "verify") return plugin::Command::kVerify;
  if (name == "solve") return plugin::Command::kSolve;
  raise(absl::InvalidArgumentError("unknown command '" + name + "': solve, table or verify"));
}

plugin::PositionInput input(const std::string& text, const std::string& file) {
  return plugin::PositionInput{text, file};
}

// A game in progress (plugin::Session), keeping its plugin loaded.
class Session {
 public:
  Session(std::shared_ptr<plugin::Game> game, std::shared_ptr<plugin::Session> s)
      : game_(std::move(game)), session_(std::move(s)) {}

  // The current position with every move valued, as JSON text, and the move
  // `sente play` would choose ("" when the game is over).
  std::pair<std::string, std::string> analyze(const py::object& on_progress, StopFlag& stop) {
    plugin::Analysis a = value_or_raise(run_released<plugin::Analysis>(
        [this](const Progress& p) { return session_->analyze(p); }, on_progress, stop));
    std::string best = a.moves.empty() ? "" : driver::choose_best_move(a).move;
    return {driver::json_text(nlohmann::json(a)), best};
  }
  std::string play(const std::string& move) { return value_or_raise(session_->play(move)); }
  int player() const { return session_->player(); }
  void reset(const std::string& text, const std::string& file) {
    if (absl::Status s = session_->reset(input(text, file)); !s.ok()) raise(s);
  }

 private:
  std::shared_ptr<plugin::Game> game_;  // declared first: destroyed last
  std::shared_ptr<plugin::Session> session_;
};

// One loaded plugin.
class Plugin {
 public:
  explicit Plugin(plugin::LoadedPlugin p) : p_(std::move(p)) {}

  std::string path() const { return p_.path.string(); }
  std::string info_json() const {
    nlohmann::json j = p_.info;
    j["plugin"] = p_.path.string();
    return driver::json_text(j);
  }
  // `options` as the driver passes them for `command`: the engine's name as
  // listed, file options checked, then, with `schema`, every option against
  // the schema (without: the plugin checks them when called, and alone knows
  // why an engine is not offered).
  // Values come back as bytes: they may quote input that is not UTF-8.
  py::dict check(const Options& options, const std::string& command, bool schema) const {
    Options out = value_or_raise(driver::command_options(p_.info, options));
    if (schema)
      if (absl::Status s = plugin::check_options(p_.info, out, {}, command_named(command)); !s.ok())
        raise(s);
    py::dict d;
    for (const auto& [key, value] : out) d[py::str(key)] = py::bytes(value);
    return d;
  }
  // Each call: the plugin's, run by run_released, its result as the driver's
  // JSON text.
  std::string solve(const Options& options, const std::string& text, const std::string& file,
                    const py::object& on_progress, StopFlag& stop) {
    return json(on_progress, stop,
                [&](const Progress& p) { return p_.game->solve(options, input(text, file), p); });
  }
  std::string analyze(const Options& options, const std::string& text, const std::string& file,
                      const py::object& on_progress, StopFlag& stop) {
    return json(on_progress, stop,
                [&](const Progress& p) { return p_.game->analyze(options, input(text, file), p); });
  }
  std::string table(const Options& options, const py::object& on_progress, StopFlag& stop) {
    return json(on_progress, stop, [&](const Progress& p) { return p_.game->table(options, p); });
  }
  std::string verify(const Options& options, const std::string& file, const py::object& on_progress,
                     StopFlag& stop) {
    return json(on_progress, stop,
                [&](const Progress& p) { return p_.game->verify(options, file, p); });
  }
  std::string locate(const Options& options, const std::string& text, const std::string& file,
                     const py::object& on_progress, StopFlag& stop) {
    return json(on_progress, stop,
                [&](const Progress& p) { return p_.game->locate(options, input(text, file), p); });
  }
  // By the rules alone, at once (no engine, the GIL kept).
  plugin::RulesState rules(const Options& options, const std::string& text, const std::string& file,
                           const std::vector<std::string>& moves) {
    return value_or_raise(p_.game->rules(options, input(text, file), moves));
  }
  Session session(const Options& options, const std::string& text, const std::string& file,
                  const Options& settings) {
    return Session(p_.game, value_or_raise(p_.game->session(options, input(text, file), settings)));
  }

 private:
  template <class F>
  static std::string json(const py::object& on_progress, StopFlag& stop, F call) {
    using T = typename std::invoke_result_t<F, const Progress&>::value_type;
    return driver::json_text(
        nlohmann::json(value_or_raise(run_released<T>(call, on_progress, stop))));
  }
  plugin::LoadedPlugin p_;
};

// A table file mapped and checked (support/table_file.hpp); its sections
// handed out as read-only numpy arrays into the mapping, each keeping the
// mapping alive.
class TableFile {
 public:
  TableFile(const std::string& path, const TableExpect& expect, const py::object& on_progress,
            StopFlag& stop) {
    table_ = std::make_shared<MappedTable>(value_or_raise(run_released<MappedTable>(
        [&](const Progress& p) { return MappedTable::open(path, expect, p); }, on_progress, stop)));
  }
  py::dict header() const {
    using namespace pybind11::literals;
    const TableHeader& h = table_->header();
    return py::dict("game"_a = h.game, "rules"_a = h.rules, "engine"_a = h.engine,
                    "kind"_a = h.kind, "fields"_a = h.fields);
  }
  py::bytes path() const { return py::bytes(table_->path()); }
  std::uint64_t file_bytes() const { return table_->file_bytes(); }
  std::vector<std::string> section_names() const { return table_->section_names(); }
  // The section's bytes (uint8; a caller views them as wider elements: each
  // section starts 64-byte aligned).
  py::array section(const std::string& name) const {
    std::span<const std::byte> bytes = value_or_raise(table_->section(name));
    auto* owner = new std::shared_ptr<MappedTable>(table_);
    py::capsule keep(owner, [](void* p) { delete static_cast<std::shared_ptr<MappedTable>*>(p); });
    py::array_t<std::uint8_t> a({static_cast<py::ssize_t>(bytes.size())}, {1},
                                reinterpret_cast<const std::uint8_t*>(bytes.data()), keep);
    py::detail::array_proxy(a.ptr())->flags &= ~py::detail::npy_api::NPY_ARRAY_WRITEABLE_;
    return a;
  }

 private:
  std::shared_ptr<MappedTable> table_;
};

}  // namespace
}  // namespace sente::python

PYBIND11_MODULE(_core, m) {
  using namespace sente;
  using namespace sente::python;
  m.doc() = "Sente's native half: plugins, engines and results as the driver's JSON";
  status_error =
      PyErr_NewExceptionWithDoc("sente._core.StatusError",
                                "A failed call: args are (code, message), code as Abseil names it "
                                "(INVALID_ARGUMENT, NOT_FOUND, CANCELLED, ...)",
                                PyExc_Exception, nullptr);
  m.attr("StatusError") = py::handle(status_error);
  m.attr("abi_version") = plugin::kAbiVersion;
  m.attr("version") = SENTE_VERSION;

  m.def("set_host_plugin_dirs", &plugin::set_host_plugin_dirs, py::arg("dirs"),
        "Directories searched after SENTE_PLUGIN_PATH (the package's own plugins)");
  m.def("search_path", &plugin::plugin_search_path,
        "The plugin directories searched, in order (SENTE_PLUGIN_PATH first)");
  m.def(
      "discover",
      [] {
        return driver::json_text(
            driver::discovery_json(plugin::discover_plugins(plugin::plugin_search_path())));
      },
      "`sente list --json`: every game found, the plugins not used and why, the path searched");
  m.def(
      "find",
      [](const std::string& name) { return Plugin(value_or_raise(plugin::find_plugin(name))); },
      py::arg("name"), "The plugin of game `name`; NOT_FOUND lists the path and the games found");

  py::class_<StopFlag>(m, "StopFlag", "Asks a running engine to stop (from any thread)")
      .def(py::init<>())
      .def("request_stop", &StopFlag::request_stop)
      .def_property_readonly("stop_requested", &StopFlag::stop_requested);

  py::class_<TableFile>(m, "TableFile")
      .def(py::init([](const std::string& path, const std::string& game, const std::string& rules,
                       const std::string& engine, const std::string& kind,
                       const py::object& on_progress, StopFlag& stop) {
             return std::make_unique<TableFile>(path, TableExpect{game, rules, engine, kind},
                                                on_progress, stop);
           }),
           py::arg("path"), py::arg("game"), py::arg("rules"), py::arg("engine"), py::arg("kind"),
           py::arg("on_progress"), py::arg("stop"))
      .def_property_readonly("header", &TableFile::header)
      .def_property_readonly("path_bytes", &TableFile::path)
      .def_property_readonly("file_bytes", &TableFile::file_bytes)
      .def_property_readonly("section_names", &TableFile::section_names)
      .def("section", &TableFile::section, py::arg("name"));

  py::class_<plugin::LegalMove>(m, "LegalMove", "A legal move: its name and number (-1: none)")
      .def_property_readonly("move", [](const plugin::LegalMove& m) { return text(m.move); })
      .def_readonly("id", &plugin::LegalMove::id)
      .def("__repr__", [](const plugin::LegalMove& m) {
        return text("LegalMove(" + m.move + ", " + std::to_string(m.id) + ")");
      });

  py::class_<plugin::RulesState>(m, "RulesState",
                                 "A position by the rules alone (plugin/interface.hpp)")
      // Texts may quote input that is not UTF-8 (a graph's vertex names): escaped.
      .def_property_readonly("position",
                             [](const plugin::RulesState& r) { return text(r.position); })
      .def_property_readonly("to_move", [](const plugin::RulesState& r) { return text(r.to_move); })
      .def_readonly("player", &plugin::RulesState::player)
      .def_readonly("moves", &plugin::RulesState::moves)
      .def_readonly("move_ids", &plugin::RulesState::move_ids)
      .def_readonly("points", &plugin::RulesState::points)
      .def_readonly("terminal_value", &plugin::RulesState::terminal_value)
      .def_property_readonly(
          "value_kind",
          [](const plugin::RulesState& r) { return plugin::value_kind_name(r.value_kind); })
      .def_readonly("value_lo", &plugin::RulesState::value_lo)
      .def_readonly("value_hi", &plugin::RulesState::value_hi)
      .def_readonly("cyclic", &plugin::RulesState::cyclic)
      .def_readonly("impartial", &plugin::RulesState::impartial);

  py::class_<Session>(m, "Session")
      .def("analyze", &Session::analyze, py::arg("on_progress"), py::arg("stop"))
      .def("play", &Session::play, py::arg("move"))
      .def_property_readonly("player", &Session::player)
      .def("reset", &Session::reset, py::arg("text"), py::arg("file"));

  py::class_<Plugin>(m, "Plugin")
      .def_property_readonly("path", &Plugin::path)
      .def("info_json", &Plugin::info_json)
      .def("check", &Plugin::check, py::arg("options"), py::arg("command"), py::arg("schema"))
      .def("solve", &Plugin::solve, py::arg("options"), py::arg("text"), py::arg("file"),
           py::arg("on_progress"), py::arg("stop"))
      .def("analyze", &Plugin::analyze, py::arg("options"), py::arg("text"), py::arg("file"),
           py::arg("on_progress"), py::arg("stop"))
      .def("table", &Plugin::table, py::arg("options"), py::arg("on_progress"), py::arg("stop"))
      .def("verify", &Plugin::verify, py::arg("options"), py::arg("file"), py::arg("on_progress"),
           py::arg("stop"))
      .def("locate", &Plugin::locate, py::arg("options"), py::arg("text"), py::arg("file"),
           py::arg("on_progress"), py::arg("stop"))
      .def("rules", &Plugin::rules, py::arg("options"), py::arg("text"), py::arg("file"),
           py::arg("moves"))
      .def("session", &Plugin::session, py::arg("options"), py::arg("text"), py::arg("file"),
           py::arg("settings"));
}
