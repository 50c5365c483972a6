// MPI for the distributed engines (engines/tablebase_mpi.hpp): the ranks of
// one solve and the few collectives they use, each checked. Built only with
// SENTE_MPI (the sente::mpi target); any MPI-3 library, Open MPI in CI.
//
// Errors: MPI's errors are returned (MPI_ERRORS_RETURN on the communicator),
// never MPI's abort: each call gives an absl::Status naming the call and
// MPI's message (kUnavailable: a peer rank died or a link broke; kInternal
// otherwise). Only the thread that initialised MPI calls it (funneled).
#pragma once

#include <mpi.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_format.h"

namespace sente::mpi {

// True when this process was started by mpirun/mpiexec (an Open MPI, MPICH
// or PMI environment is set), whether or not MPI is initialised yet.
inline bool launched() {
  for (const char* v : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_RANK"})
    if (std::getenv(v) != nullptr) return true;
  return false;
}

// Initialises MPI once (MPI_THREAD_FUNNELED: engines run OpenMP threads
// between collectives) and finalises it at exit; a no-op when the program
// initialised it itself.
inline absl::Status initialize() {
  int done = 0;
  MPI_Initialized(&done);
  if (done) return absl::OkStatus();
  int provided = 0;
  if (MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS)
    return absl::InternalError("MPI_Init_thread failed: MPI could not start");
  std::atexit([] {
    int finalized = 0;
    MPI_Finalized(&finalized);
    if (!finalized) MPI_Finalize();
  });
  return absl::OkStatus();
}

// A communicator of the ranks running one solve (MPI_COMM_WORLD by default),
// errors returned rather than aborting.
class Comm {
 public:
  // The world communicator; MPI initialised when it was not.
  static absl::StatusOr<Comm> world() {
    if (absl::Status s = initialize(); !s.ok()) return s;
    Comm c(MPI_COMM_WORLD);
    if (absl::Status s =
            c.check(MPI_Comm_set_errhandler(c.comm_, MPI_ERRORS_RETURN), "MPI_Comm_set_errhandler");
        !s.ok())
      return s;
    MPI_Comm_rank(c.comm_, &c.rank_);
    MPI_Comm_size(c.comm_, &c.size_);
    return c;
  }

  int rank() const { return rank_; }
  int size() const { return size_; }
  MPI_Comm handle() const { return comm_; }

  // Every rank's `send[d]` goes to rank d; returns what every rank sent
  // here, rank by rank (`from[r]` .. `from[r + 1]` came from rank r when
  // `from` is given). Trivially copyable T; any sizes (sent in pieces of at
  // most 1 GiB per pair when larger, every rank taking part in each piece).
  template <class T>
  absl::Status all_to_all(const std::vector<std::vector<T>>& send, std::vector<T>& received,
                          std::vector<std::uint64_t>* from = nullptr) const {
    static_assert(std::is_trivially_copyable_v<T>);
    constexpr std::uint64_t kPiece = (std::uint64_t{1} << 30) / sizeof(T);
    std::vector<std::uint64_t> out(size_), in(size_);
    for (int d = 0; d < size_; ++d) out[d] = send[d].size();
    if (absl::Status s =
            check(MPI_Alltoall(out.data(), 1, MPI_UINT64_T, in.data(), 1, MPI_UINT64_T, comm_),
                  "MPI_Alltoall");
        !s.ok())
      return s;
    std::vector<std::uint64_t> start(size_ + 1, 0);
    for (int r = 0; r < size_; ++r) start[r + 1] = start[r] + in[r];
    received.resize(start[size_]);
    if (from) *from = start;
    std::uint64_t most = 0;
    for (int r = 0; r < size_; ++r) most = std::max({most, in[r], out[r]});
    if (absl::StatusOr<std::uint64_t> m = max(most); m.ok())
      most = *m;
    else
      return m.status();
    std::vector<int> sc(size_), sd(size_), rc(size_), rd(size_);
    for (std::uint64_t done = 0; done == 0 || done < most; done += kPiece) {
      int so = 0, ro = 0;
      for (int r = 0; r < size_; ++r) {
        sc[r] = static_cast<int>(piece(out[r], done, kPiece) * sizeof(T));
        rc[r] = static_cast<int>(piece(in[r], done, kPiece) * sizeof(T));
        sd[r] = so, rd[r] = ro;
        so += sc[r], ro += rc[r];
      }
      std::vector<unsigned char> sbuf(so), rbuf(ro);
      for (int r = 0; r < size_; ++r)
        if (sc[r])
          std::memcpy(sbuf.data() + sd[r], send[r].data() + done, static_cast<std::size_t>(sc[r]));
      if (absl::Status s = check(MPI_Alltoallv(sbuf.data(), sc.data(), sd.data(), MPI_BYTE,
                                               rbuf.data(), rc.data(), rd.data(), MPI_BYTE, comm_),
                                 "MPI_Alltoallv");
          !s.ok())
        return s;
      for (int r = 0; r < size_; ++r)
        if (rc[r])
          std::memcpy(received.data() + start[r] + done, rbuf.data() + rd[r],
                      static_cast<std::size_t>(rc[r]));
    }
    return absl::OkStatus();
  }

  absl::StatusOr<std::uint64_t> sum(std::uint64_t v) const { return reduce(v, MPI_SUM); }
  absl::StatusOr<std::uint64_t> max(std::uint64_t v) const { return reduce(v, MPI_MAX); }
  // True on every rank when `v` is true on every rank.
  absl::StatusOr<bool> all(bool v) const {
    absl::StatusOr<std::uint64_t> m = reduce(v ? 0 : 1, MPI_MAX);
    if (!m.ok()) return m.status();
    return *m == 0;
  }
  // Element-wise sums of `v` over the ranks, in place.
  absl::Status sum(std::span<std::uint64_t> v) const {
    return check(MPI_Allreduce(MPI_IN_PLACE, v.data(), static_cast<int>(v.size()), MPI_UINT64_T,
                               MPI_SUM, comm_),
                 "MPI_Allreduce");
  }
  // `bytes` of rank `root` copied to every rank (sizes equal on all).
  absl::Status broadcast(std::span<unsigned char> bytes, int root) const {
    return check(MPI_Bcast(bytes.data(), static_cast<int>(bytes.size()), MPI_BYTE, root, comm_),
                 "MPI_Bcast");
  }
  // Every rank's `mine` joined on rank `root` in rank order (empty elsewhere).
  template <class T>
  absl::Status gather(std::span<const T> mine, std::vector<T>& joined, int root,
                      std::vector<std::uint64_t>* from = nullptr) const {
    std::vector<std::vector<T>> send(size_);
    send[root].assign(mine.begin(), mine.end());
    return all_to_all(send, joined, from);
  }

 private:
  explicit Comm(MPI_Comm c) : comm_(c) {}

  static std::uint64_t piece(std::uint64_t n, std::uint64_t done, std::uint64_t max) {
    return n > done ? std::min(n - done, max) : 0;
  }
  absl::StatusOr<std::uint64_t> reduce(std::uint64_t v, MPI_Op op) const {
    std::uint64_t out = 0;
    if (absl::Status s =
            check(MPI_Allreduce(&v, &out, 1, MPI_UINT64_T, op, comm_), "MPI_Allreduce");
        !s.ok())
      return s;
    return out;
  }
  absl::Status check(int code, const char* call) const {
    if (code == MPI_SUCCESS) return absl::OkStatus();
    char text[MPI_MAX_ERROR_STRING];
    int length = 0;
    MPI_Error_string(code, text, &length);
    int cls = 0;
    MPI_Error_class(code, &cls);
    const std::string message =
        absl::StrFormat("rank %d of %d: %s failed: %s", rank_, size_, call,
                        std::string(text, static_cast<std::size_t>(length)));
    return cls == MPI_ERR_OTHER || cls == MPI_ERR_INTERN ? absl::UnavailableError(message)
                                                         : absl::InternalError(message);
  }

  MPI_Comm comm_ = MPI_COMM_NULL;
  int rank_ = 0, size_ = 1;
};

}  // namespace sente::mpi
