#include "interrupt.hpp"

#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cstring>
#include <string>
#include <string_view>

namespace sente::driver {

namespace {

// Only async-signal-safe work in the handler: fixed buffers, write, unlink,
// _exit. Paths and the hint are copied in before they are needed.
constexpr int kSlots = 8;
constexpr std::size_t kPathBytes = 4096;
char temp_paths[kSlots][kPathBytes];
std::atomic<bool> temp_claimed[kSlots];  // slot taken by a TempFile
std::atomic<bool> temp_ready[kSlots];    // its path is written in full
// The checkpoint a resumable solve leaves: `resume_checkpoint`, or for a
// table in slices (a directory) its manifest `resume_checkpoint_dir`;
// whichever exists when the run stops is named.
char resume_checkpoint[kPathBytes];
char resume_checkpoint_dir[kPathBytes];
std::atomic<bool> checkpoint_set{false};

// The checkpoint on disk now, or null (async-signal-safe: access(2)).
const char* checkpoint_on_disk() {
  if (!checkpoint_set.load()) return nullptr;
  if (::access(resume_checkpoint, F_OK) == 0) return resume_checkpoint;
  if (::access(resume_checkpoint_dir, F_OK) == 0) return resume_checkpoint_dir;
  return nullptr;
}
std::atomic<bool> json{false};
std::atomic<pid_t> child{0};
StopFlag stop_flag;
std::atomic<int> stopping_on{0};  // the first signal, while its engine stops
// Seconds an engine has to stop after the first signal before the run is
// ended anyway (code that does not look at the flag: a reader, a census).
constexpr unsigned kGraceSeconds = 2;

void say(const char* text, int fd = STDERR_FILENO) {
  std::size_t left = std::strlen(text);
  while (left > 0) {
    const ssize_t n = ::write(fd, text, left);
    if (n <= 0) return;
    text += n;
    left -= static_cast<std::size_t>(n);
  }
}

void end_now(int sig) {
  if (const pid_t pid = child.load(); pid > 0) ::kill(pid, SIGKILL);
  for (int i = 0; i < kSlots; ++i)
    if (temp_ready[i].load()) ::unlink(temp_paths[i]);
  // A fresh line: a progress bar may be half drawn.
  say(sig == SIGINT ? "\nsente: interrupted (SIGINT): stopped; no output file was written"
                    : "\nsente: terminated (SIGTERM): stopped; no output file was written");
  // Only a checkpoint on disk is named (access(2) is async-signal-safe); a
  // checkpoint appears whole, by rename, so one that exists can be resumed.
  if (const char* at = checkpoint_on_disk()) {
    say("; run the same command again to resume from the last checkpoint, ");
    say(at);
  }
  say("\n");
  if (json.load())
    say(sig == SIGINT ? "{\n  \"error\": \"interrupted (SIGINT)\",\n  \"exit_code\": 130\n}\n"
                      : "{\n  \"error\": \"terminated (SIGTERM)\",\n  \"exit_code\": 143\n}\n",
        STDOUT_FILENO);
  ::_exit(128 + sig);
}

// The first SIGINT or SIGTERM asks the engine to stop (it returns
// kCancelled within milliseconds and the command reports it, exit 128 + sig);
// a second signal, or kGraceSeconds without an end (SIGALRM), ends the run
// here. With a child process (bench) the run ends at once: the child is the
// one working.
extern "C" void on_signal(int sig) {
  if (sig == SIGALRM) {
    end_now(stopping_on.load());
    return;
  }
  int none = 0;
  if (child.load() > 0 || !stopping_on.compare_exchange_strong(none, sig)) {
    end_now(stopping_on.load() ? stopping_on.load() : sig);
    return;
  }
  stop_flag.request_stop();
  ::alarm(kGraceSeconds);
}

}  // namespace

void install_interrupt_handlers() {
  struct sigaction action {};
  action.sa_handler = on_signal;
  sigemptyset(&action.sa_mask);
  sigaddset(&action.sa_mask, SIGINT);
  sigaddset(&action.sa_mask, SIGTERM);
  ::sigaction(SIGINT, &action, nullptr);
  ::sigaction(SIGTERM, &action, nullptr);
  sigaddset(&action.sa_mask, SIGALRM);
  ::sigaction(SIGALRM, &action, nullptr);
}

const StopFlag* interrupt_stop_flag() {
  return &stop_flag;
}

int report_interrupted(const absl::Status& s) {
  const int sig = stopping_on.load() ? stopping_on.load() : SIGINT;
  ::alarm(0);
  // The engine's account: "stopped on request after 1234 nodes of ...".
  std::string what(s.message().data(), s.message().size());
  if (constexpr std::string_view kAsked = "stopped on request "; what.starts_with(kAsked))
    what = "stopped " + what.substr(kAsked.size());
  std::string line =
      sig == SIGINT ? "\nsente: interrupted (SIGINT): " : "\nsente: terminated (SIGTERM): ";
  line += what + "; no output file was written";
  if (const char* at = checkpoint_on_disk())
    line += std::string("; run the same command again to resume from the last checkpoint, ") + at;
  say((line + "\n").c_str());
  if (json.load())
    say(sig == SIGINT ? "{\n  \"error\": \"interrupted (SIGINT)\",\n  \"exit_code\": 130\n}\n"
                      : "{\n  \"error\": \"terminated (SIGTERM)\",\n  \"exit_code\": 143\n}\n",
        STDOUT_FILENO);
  return 128 + sig;
}

void set_interrupt_json(bool on) {
  json = on;
}

void set_resume_checkpoint(const std::string& path, const std::string& in_directory) {
  checkpoint_set = false;
  // Too long to name: nothing said.
  if (path.size() >= kPathBytes || in_directory.size() >= kPathBytes) return;
  std::memcpy(resume_checkpoint, path.c_str(), path.size() + 1);
  std::memcpy(resume_checkpoint_dir, in_directory.c_str(), in_directory.size() + 1);
  checkpoint_set = !path.empty();
}

TempFile::TempFile(const std::string& path) {
  if (path.size() >= kPathBytes) return;
  for (int i = 0; i < kSlots; ++i) {
    bool free = false;
    if (!temp_claimed[i].compare_exchange_strong(free, true)) continue;
    std::memcpy(temp_paths[i], path.c_str(), path.size() + 1);
    temp_ready[i] = true;
    slot_ = i;
    return;
  }
}

TempFile::~TempFile() {
  if (slot_ < 0) return;
  temp_ready[slot_] = false;
  temp_claimed[slot_] = false;
}

ChildProcess::ChildProcess(pid_t pid) {
  child = pid;
}

ChildProcess::~ChildProcess() {
  child = 0;
}

void restore_default_signals() {
  ::signal(SIGINT, SIG_DFL);
  ::signal(SIGTERM, SIG_DFL);
  ::signal(SIGALRM, SIG_DFL);
}

}  // namespace sente::driver
