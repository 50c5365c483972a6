#include "interrupt.hpp"

#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cstring>

namespace sente::driver {

namespace {

// Only async-signal-safe work in the handler: fixed buffers, write, unlink,
// _exit. Paths and the hint are copied in before they are needed.
constexpr int kSlots = 8;
constexpr std::size_t kPathBytes = 4096;
char temp_paths[kSlots][kPathBytes];
std::atomic<bool> temp_claimed[kSlots];  // slot taken by a TempFile
std::atomic<bool> temp_ready[kSlots];    // its path is written in full
char resume_checkpoint[kPathBytes];
std::atomic<bool> checkpoint_set{false};
std::atomic<bool> json{false};
std::atomic<pid_t> child{0};

void say(const char* text, int fd = STDERR_FILENO) {
  std::size_t left = std::strlen(text);
  while (left > 0) {
    const ssize_t n = ::write(fd, text, left);
    if (n <= 0) return;
    text += n;
    left -= static_cast<std::size_t>(n);
  }
}

extern "C" void on_signal(int sig) {
  if (const pid_t pid = child.load(); pid > 0) ::kill(pid, SIGKILL);
  for (int i = 0; i < kSlots; ++i)
    if (temp_ready[i].load()) ::unlink(temp_paths[i]);
  // A fresh line: a progress bar may be half drawn.
  say(sig == SIGINT ? "\nsente: interrupted (SIGINT): stopped; no output file was written"
                    : "\nsente: terminated (SIGTERM): stopped; no output file was written");
  // Only a checkpoint on disk is named (access(2) is async-signal-safe); a
  // checkpoint appears whole, by rename, so one that exists can be resumed.
  if (checkpoint_set.load() && ::access(resume_checkpoint, F_OK) == 0) {
    say("; run the same command again to resume from the last checkpoint, ");
    say(resume_checkpoint);
  }
  say("\n");
  if (json.load())
    say(sig == SIGINT ? "{\n  \"error\": \"interrupted (SIGINT)\",\n  \"exit_code\": 130\n}\n"
                      : "{\n  \"error\": \"terminated (SIGTERM)\",\n  \"exit_code\": 143\n}\n",
        STDOUT_FILENO);
  ::_exit(128 + sig);
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
}

void set_interrupt_json(bool on) {
  json = on;
}

void set_resume_checkpoint(const std::string& path) {
  checkpoint_set = false;
  if (path.size() >= kPathBytes) return;  // too long to name: nothing said
  std::memcpy(resume_checkpoint, path.c_str(), path.size() + 1);
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
}

}  // namespace sente::driver
