// `sente bench --compare OLD.csv NEW.csv`: the bench CSVs it reads. What
// the reader accepts is written again and must read back the same, and two
// of them are compared as --compare does.
#include "bench_report.hpp"
#include "fuzz_input.hpp"

namespace bench = sente::driver::bench;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const sente::fuzz::ScratchFile file("bench.csv");
  absl::StatusOr<bench::Results> read =
      bench::read_csv(file.write(sente::fuzz::as_text(data, size)));
  if (!read.ok()) return 0;
  const std::string written = bench::to_csv(*read);
  absl::StatusOr<bench::Results> again = bench::read_csv(file.write(written));
  sente::fuzz::require(
      again.ok(), "a bench CSV as Sente writes it does not read back",
      again.ok() ? written : std::string(again.status().message()) + "\n" + written);
  sente::fuzz::require(bench::to_csv(*again) == written, "a bench CSV reads back as another",
                       written);
  (void)bench::compare(*read, "old", *again, "new");
  (void)bench::markdown_report(*read, {});
  return 0;
}
