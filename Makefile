# weft: top-level entry points. CMake does the real build in build/.
BUILD      ?= build
ASAN_BUILD ?= build-asan
FUZZ_BUILD ?= build-fuzz
# make fuzz: seconds each libFuzzer target runs; FUZZ_TARGETS: a subset.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?=
# FUZZ_SEED: libFuzzer's -seed (empty: a random seed each run). CI fixes it so
# a clean clone's run can be repeated exactly on this machine.
FUZZ_SEED  ?=
PREFIX     ?= /usr/local
JOBS       ?= $(shell nproc 2>/dev/null || echo 2)
MAKEFLAGS  += --no-print-directory

.PHONY: all deps build test demo bench bench-js bench-host bench-net bench-db bench-cluster asan clean format node-compat

all: build

deps:
	@scripts/install-deps.sh

$(BUILD)/CMakeCache.txt: | deps
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null

build: deps $(BUILD)/CMakeCache.txt
	@cmake --build $(BUILD) -j $(JOBS)

test: build
	@cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

# install: bin/weft, lib/libweft.a (self-contained), lib/libweft.so,
# include/*.h and lib/pkgconfig/weft.pc under PREFIX; DESTDIR is prepended.
.PHONY: install
install: build
	@DESTDIR="$(DESTDIR)" cmake --install $(BUILD) --prefix "$(PREFIX)"

demo: build
	@scripts/demo.sh $(BUILD)/weft

# bench: everything (JS vs Node micro-benchmarks, start-up vs Node, then the
# host table). BENCH_ARGS: more options for bench/run.mjs (e.g. --runs 3,
# --results FILE).
bench: build
	@node bench/run.mjs --weft $(BUILD)/weft $(BENCH_ARGS)
	@bench/startup.sh -w $(BUILD)/weft
	@node bench/host/run.mjs --build $(BUILD)

# node-compat: Node 20's own tests per area, weft's passes next to Node's
# (same `common` shim); per-file results in $(BUILD)/node-compat/results.txt.
node-compat: build
	@tests/node-compat/run.sh table $(BUILD)/weft $(BUILD)

bench-js: build
	@node bench/run.mjs --weft $(BUILD)/weft $(BENCH_ARGS)

# bench-host: the seed's latency/CPU table -> bench/RESULTS.md + picture.
bench-host: build
	@node bench/host/run.mjs --build $(BUILD)

# bench-net: WebSocket and ENet bots vs Node 20 + ws, HTTP vs node:http
# -> bench/net/RESULTS.md (npm installs ws into build/bench-net once).
bench-net: build
	@node bench/net/run.mjs --build $(BUILD)

# bench-db: oxmysql's API in weft (SQLite, MariaDB) vs Node 20 + mysql2 -> bench/RESULTS.md
bench-db: build
	@node bench/db/run.mjs --build $(BUILD)

# bench-cluster: cross-server export round trip and event fan-out through a
# local nats-server vs Node 20 + npm's nats -> bench/cluster/RESULTS.md
bench-cluster: build
	@node bench/cluster/run.mjs --build $(BUILD)

# ASan frames are ~4x larger (9000 JS frames need ~30 MB, not 8), so the
# tests run with a 32 MB main-thread stack (QuickJS's limit is sized from
# the real stack, src/js/runtime.c), and WEFT_TEST_SLOW=4 multiplies the
# runners' time limits (node-diff, node-compat, shell/runaway's slack) for
# the ~4x slower code.
ASAN_STACK_KB ?= 32768
asan: deps
	@cmake -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=Debug -DWEFT_ASAN=ON -DWEFT_LUA_APICHECK=ON >/dev/null
	@cmake --build $(ASAN_BUILD) -j $(JOBS)
	@cd $(ASAN_BUILD) && ulimit -s $(ASAN_STACK_KB) && WEFT_TEST_SLOW=4 \
	  ASAN_OPTIONS=detect_leaks=1 ctest --output-on-failure -j $(JOBS)

# fuzz: the libFuzzer targets of tests/fuzz under ASan+UBSan (clang, from
# Debian's packages), each for FUZZ_SECONDS; see docs/fuzzing.md.
.PHONY: fuzz
fuzz:
	@scripts/install-deps.sh fuzz
	@tests/fuzz/seed-deps.sh $(BUILD) $(FUZZ_BUILD)
	@CC=clang cmake -S . -B $(FUZZ_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DWEFT_FUZZ=ON >/dev/null
	@cmake --build $(FUZZ_BUILD) -j $(JOBS) --target weft_fuzzers
	@FUZZ_SEED=$(FUZZ_SEED) tests/fuzz/run.sh $(FUZZ_BUILD) $(FUZZ_SECONDS) $(FUZZ_TARGETS)

format:
	@clang-format -i include/*.h src/*/*.c src/*/*.h tests/unit/*.c tests/fuzz/*.c tests/fuzz/*.h

clean:
	rm -rf $(BUILD) $(ASAN_BUILD) $(FUZZ_BUILD)
