;; The keyword preview's counting loop, in WebAssembly (keywordScan.ts drives it;
;; `npm run wasm` assembles this file into keywordScanWasm.ts, and a unit test
;; checks that the two agree).
;;
;; Input: UTF-8 bytes that keywordScan.ts puts at the start of memory, at most
;; INPUT bytes at a time. `scan` cuts them into lines at 0x0A (16 bytes per step
;; with SIMD), trims each line like String.prototype.trim, and counts lines,
;; empty lines, non-empty lines and distinct keywords. Nothing leaves the
;; module but the counts.
;;
;; Distinct keywords go to a hash set: open addressing with linear probing, a
;; slot is 8 bytes (the key's 32-bit hash, the address of its record), a record
;; is the key's length (4 bytes) and its bytes, copied out of the input. A
;; lookup reads one slot and, on an equal hash, one record: the keys are always
;; compared byte by byte, so the count is exact. Keys are added in batches of
;; 64: the batch's slots are read first, in one loop of independent loads that
;; the CPU serves together, then the keys are added in order. The table is
;; megabytes and each key's slot a random place in it, so one key at a time the
;; scan waited for memory once per key (docs/benchmarks.md, keyword preview).
;;
;; Memory: [0, INPUT) the input, [INPUT, BASE) the batch queue, then one bump
;; allocator for the table and the records. A table that gets half full is
;; replaced by one twice its size, allocated further up (the old one is left
;; until the next reset). Memory grows as needed and is kept for the next file.
(module
  (memory (export "memory") 17)

  (global $input (export "input") i32 (i32.const 1048576))
  (global $queue i32 (i32.const 1048576))
  (global $base i32 (i32.const 1052672))

  (global $bump (mut i32) (i32.const 1052672))
  (global $table (mut i32) (i32.const 0))
  (global $mask (mut i32) (i32.const 0))
  (global $log2 (mut i32) (i32.const 0))
  (global $queued (mut i32) (i32.const 0))
  ;; what the batch's first loop read: kept, so that the compiler cannot drop those loads
  (global $touched (mut i32) (i32.const 0))

  (global $size (mut i32) (i32.const 0))
  (global $lines (mut i32) (i32.const 0))
  (global $empty (mut i32) (i32.const 0))
  (global $nonEmpty (mut i32) (i32.const 0))

  (func (export "size") (result i32) (global.get $size))
  (func (export "lines") (result i32) (global.get $lines))
  (func (export "empty") (result i32) (global.get $empty))
  (func (export "nonEmpty") (result i32) (global.get $nonEmpty))

  ;; memory up to end, grown if needed
  (func $ensure (param $end i32)
    (local $have i32)
    (local.set $have (i32.shl (memory.size) (i32.const 16)))
    (if (i32.gt_u (local.get $end) (local.get $have))
      (then
        (if (i32.eq
              (memory.grow (i32.shr_u (i32.add (i32.sub (local.get $end) (local.get $have)) (i32.const 65535)) (i32.const 16)))
              (i32.const -1))
          (then unreachable)))))

  ;; n bytes from the bump allocator, 8-byte aligned
  (func $alloc (param $n i32) (result i32)
    (local $p i32)
    (local.set $p (global.get $bump))
    (global.set $bump (i32.and (i32.add (i32.add (local.get $p) (local.get $n)) (i32.const 7)) (i32.const -8)))
    (call $ensure (global.get $bump))
    (local.get $p))

  (func $newTable (param $log2 i32)
    (local $bytes i32)
    (local.set $bytes (i32.shl (i32.const 8) (local.get $log2)))
    (global.set $log2 (local.get $log2))
    (global.set $table (call $alloc (local.get $bytes)))
    (memory.fill (global.get $table) (i32.const 0) (local.get $bytes))
    (global.set $mask (i32.sub (i32.shl (i32.const 1) (local.get $log2)) (i32.const 1))))

  ;; empties the set and the counts; the table starts with 2^log2 slots
  (func (export "reset") (param $log2 i32)
    (global.set $bump (global.get $base))
    (global.set $queued (i32.const 0))
    (global.set $size (i32.const 0))
    (global.set $lines (i32.const 0))
    (global.set $empty (i32.const 0))
    (global.set $nonEmpty (i32.const 0))
    (call $newTable (local.get $log2)))

  ;; the address of n free bytes past everything allocated (a line joined across
  ;; two inputs is put there and given to `line`)
  (func (export "scratch") (param $n i32) (result i32)
    (local $p i32)
    (local.set $p (i32.add (global.get $bump) (i32.const 8)))
    (call $ensure (i32.add (local.get $p) (local.get $n)))
    (local.get $p))

  (func $rehash
    (local $old i32) (local $oldEnd i32) (local $slot i32)
    (local.set $old (global.get $table))
    (local.set $oldEnd (i32.add (global.get $table) (i32.shl (i32.add (global.get $mask) (i32.const 1)) (i32.const 3))))
    (call $newTable (i32.add (global.get $log2) (i32.const 1)))
    (block $done
      (loop $each
        (br_if $done (i32.ge_u (local.get $old) (local.get $oldEnd)))
        (if (i32.load offset=4 (local.get $old))
          (then
            (local.set $slot (i32.and (i32.load (local.get $old)) (global.get $mask)))
            (block $free
              (loop $probe
                (br_if $free (i32.eqz (i32.load offset=4 (i32.add (global.get $table) (i32.shl (local.get $slot) (i32.const 3))))))
                (local.set $slot (i32.and (i32.add (local.get $slot) (i32.const 1)) (global.get $mask)))
                (br $probe)))
            (i64.store (i32.add (global.get $table) (i32.shl (local.get $slot) (i32.const 3))) (i64.load (local.get $old)))))
        (local.set $old (i32.add (local.get $old) (i32.const 8)))
        (br $each))))

  ;; a 32-bit hash of [s, s+n): 8 bytes per round (multiply, rotate, multiply, as
  ;; xxHash64's round), the last 0-7 bytes and the length in one more, then a
  ;; final mix that brings the high bits down to the low ones the table uses
  (func $hash (export "hash") (param $s i32) (param $n i32) (result i32)
    (local $h i64) (local $e i32) (local $w i64) (local $k i64)
    (local.set $h (i64.const 0x27d4eb2f165667c5))
    (local.set $e (i32.add (local.get $s) (local.get $n)))
    (block $x
      (loop $l
        (br_if $x (i32.gt_u (i32.add (local.get $s) (i32.const 8)) (local.get $e)))
        (local.set $h
          (i64.mul
            (i64.rotl (i64.xor (local.get $h) (i64.mul (i64.load (local.get $s)) (i64.const 0xc2b2ae3d27d4eb4f))) (i64.const 31))
            (i64.const 0x9e3779b185ebca87)))
        (local.set $s (i32.add (local.get $s) (i32.const 8)))
        (br $l)))
    (block $x
      (loop $l
        (br_if $x (i32.ge_u (local.get $s) (local.get $e)))
        (local.set $w (i64.or (local.get $w) (i64.shl (i64.load8_u (local.get $s)) (local.get $k))))
        (local.set $k (i64.add (local.get $k) (i64.const 8)))
        (local.set $s (i32.add (local.get $s) (i32.const 1)))
        (br $l)))
    (local.set $h
      (i64.mul
        (i64.rotl
          (i64.xor (local.get $h) (i64.mul (i64.xor (local.get $w) (i64.extend_i32_u (local.get $n))) (i64.const 0xc2b2ae3d27d4eb4f)))
          (i64.const 31))
        (i64.const 0x9e3779b185ebca87)))
    (local.set $h (i64.xor (local.get $h) (i64.shr_u (local.get $h) (i64.const 33))))
    (local.set $h (i64.mul (local.get $h) (i64.const 0x165667b19e3779f9)))
    (local.set $h (i64.xor (local.get $h) (i64.shr_u (local.get $h) (i64.const 32))))
    (i32.wrap_i64 (local.get $h)))

  ;; 1 if [a, a+n) and [b, b+n) hold the same bytes
  (func $same (param $a i32) (param $b i32) (param $n i32) (result i32)
    (local $e i32)
    (local.set $e (i32.add (local.get $a) (local.get $n)))
    (block $x
      (loop $l
        (br_if $x (i32.gt_u (i32.add (local.get $a) (i32.const 8)) (local.get $e)))
        (if (i64.ne (i64.load (local.get $a)) (i64.load (local.get $b))) (then (return (i32.const 0))))
        (local.set $a (i32.add (local.get $a) (i32.const 8)))
        (local.set $b (i32.add (local.get $b) (i32.const 8)))
        (br $l)))
    (block $x
      (loop $l
        (br_if $x (i32.ge_u (local.get $a) (local.get $e)))
        (if (i32.ne (i32.load8_u (local.get $a)) (i32.load8_u (local.get $b))) (then (return (i32.const 0))))
        (local.set $a (i32.add (local.get $a) (i32.const 1)))
        (local.set $b (i32.add (local.get $b) (i32.const 1)))
        (br $l)))
    (i32.const 1))

  ;; adds [s, s+n), whose hash is h, unless it is there already
  (func $insert (param $s i32) (param $n i32) (param $h i32)
    (local $slot i32) (local $at i32) (local $rec i32)
    (local.set $slot (i32.and (local.get $h) (global.get $mask)))
    (block $free
      (loop $probe
        (local.set $at (i32.add (global.get $table) (i32.shl (local.get $slot) (i32.const 3))))
        (local.set $rec (i32.load offset=4 (local.get $at)))
        (br_if $free (i32.eqz (local.get $rec)))
        (if (i32.and (i32.eq (i32.load (local.get $at)) (local.get $h)) (i32.eq (i32.load (local.get $rec)) (local.get $n)))
          (then
            (if (call $same (i32.add (local.get $rec) (i32.const 4)) (local.get $s) (local.get $n))
              (then (return)))))
        (local.set $slot (i32.and (i32.add (local.get $slot) (i32.const 1)) (global.get $mask)))
        (br $probe)))
    (local.set $rec (call $alloc (i32.add (local.get $n) (i32.const 4))))
    (i32.store (local.get $rec) (local.get $n))
    (memory.copy (i32.add (local.get $rec) (i32.const 4)) (local.get $s) (local.get $n))
    (i32.store (local.get $at) (local.get $h))
    (i32.store offset=4 (local.get $at) (local.get $rec))
    (global.set $size (i32.add (global.get $size) (i32.const 1)))
    (if (i32.gt_u (i32.shl (global.get $size) (i32.const 1)) (global.get $mask))
      (then (call $rehash))))

  ;; adds the queued keys (queue entries: start, length, hash; 16 bytes each)
  (func $flush
    (local $q i32) (local $end i32) (local $touched i32)
    (local.set $end (i32.add (global.get $queue) (i32.shl (global.get $queued) (i32.const 4))))
    (local.set $q (global.get $queue))
    (block $x
      (loop $l
        (br_if $x (i32.ge_u (local.get $q) (local.get $end)))
        (local.set $touched
          (i32.xor (local.get $touched)
            (i32.load offset=4 (i32.add (global.get $table) (i32.shl (i32.and (i32.load offset=8 (local.get $q)) (global.get $mask)) (i32.const 3))))))
        (local.set $q (i32.add (local.get $q) (i32.const 16)))
        (br $l)))
    (global.set $touched (local.get $touched))
    (local.set $q (global.get $queue))
    (block $x
      (loop $l
        (br_if $x (i32.ge_u (local.get $q) (local.get $end)))
        (call $insert (i32.load (local.get $q)) (i32.load offset=4 (local.get $q)) (i32.load offset=8 (local.get $q)))
        (local.set $q (i32.add (local.get $q) (i32.const 16)))
        (br $l)))
    (global.set $queued (i32.const 0)))

  (func $isAsciiSpace (param $b i32) (result i32)
    (i32.or (i32.eq (local.get $b) (i32.const 32)) (i32.le_u (i32.sub (local.get $b) (i32.const 9)) (i32.const 4))))

  ;; the length of a non-ASCII white-space character String.prototype.trim removes
  ;; starting at s (UTF-8; the line ends at e), or 0: U+00A0, U+1680, U+2000-200A,
  ;; U+2028, U+2029, U+202F, U+205F, U+3000, U+FEFF
  (func $spaceAt (param $s i32) (param $e i32) (result i32)
    (local $b i32) (local $b1 i32) (local $b2 i32)
    (local.set $b (i32.load8_u (local.get $s)))
    (if (i32.eq (local.get $b) (i32.const 0xc2))
      (then
        (return (select (i32.const 2) (i32.const 0)
          (i32.and (i32.lt_u (i32.add (local.get $s) (i32.const 1)) (local.get $e))
                   (i32.eq (i32.load8_u offset=1 (local.get $s)) (i32.const 0xa0)))))))
    (if (i32.ge_u (i32.add (local.get $s) (i32.const 2)) (local.get $e)) (then (return (i32.const 0))))
    (local.set $b1 (i32.load8_u offset=1 (local.get $s)))
    (local.set $b2 (i32.load8_u offset=2 (local.get $s)))
    (if (i32.eq (local.get $b) (i32.const 0xe1))
      (then (return (select (i32.const 3) (i32.const 0)
        (i32.and (i32.eq (local.get $b1) (i32.const 0x9a)) (i32.eq (local.get $b2) (i32.const 0x80)))))))
    (if (i32.eq (local.get $b) (i32.const 0xe2))
      (then
        (if (i32.eq (local.get $b1) (i32.const 0x80))
          (then (return (select (i32.const 3) (i32.const 0)
            (i32.or
              (i32.le_u (i32.sub (local.get $b2) (i32.const 0x80)) (i32.const 0x0a))
              (i32.or (i32.eq (local.get $b2) (i32.const 0xa8))
                (i32.or (i32.eq (local.get $b2) (i32.const 0xa9)) (i32.eq (local.get $b2) (i32.const 0xaf)))))))))
        (return (select (i32.const 3) (i32.const 0)
          (i32.and (i32.eq (local.get $b1) (i32.const 0x81)) (i32.eq (local.get $b2) (i32.const 0x9f)))))))
    (if (i32.eq (local.get $b) (i32.const 0xe3))
      (then (return (select (i32.const 3) (i32.const 0)
        (i32.and (i32.eq (local.get $b1) (i32.const 0x80)) (i32.eq (local.get $b2) (i32.const 0x80)))))))
    (if (i32.eq (local.get $b) (i32.const 0xef))
      (then (return (select (i32.const 3) (i32.const 0)
        (i32.and (i32.eq (local.get $b1) (i32.const 0xbb)) (i32.eq (local.get $b2) (i32.const 0xbf)))))))
    (i32.const 0))

  ;; one line [s, e) without its 0x0A: counted, trimmed, its keyword queued (or,
  ;; with direct set, added at once: its bytes are not in the input)
  (func $line (param $s i32) (param $e i32) (param $direct i32)
    (local $b i32) (local $n i32) (local $q i32)
    (global.set $lines (i32.add (global.get $lines) (i32.const 1)))
    (block $done
      (loop $l
        (br_if $done (i32.ge_u (local.get $s) (local.get $e)))
        (local.set $b (i32.load8_u (local.get $s)))
        (if (call $isAsciiSpace (local.get $b))
          (then (local.set $s (i32.add (local.get $s) (i32.const 1))) (br $l)))
        (br_if $done (i32.lt_u (local.get $b) (i32.const 0xc2)))
        (local.set $n (call $spaceAt (local.get $s) (local.get $e)))
        (br_if $done (i32.eqz (local.get $n)))
        (local.set $s (i32.add (local.get $s) (local.get $n)))
        (br $l)))
    (block $done
      (loop $l
        (br_if $done (i32.ge_u (local.get $s) (local.get $e)))
        (local.set $b (i32.load8_u (i32.sub (local.get $e) (i32.const 1))))
        (if (call $isAsciiSpace (local.get $b))
          (then (local.set $e (i32.sub (local.get $e) (i32.const 1))) (br $l)))
        (br_if $done (i32.lt_u (local.get $b) (i32.const 0x80)))
        (local.set $n (i32.const 0))
        (if (i32.and
              (i32.ge_u (i32.sub (local.get $e) (local.get $s)) (i32.const 2))
              (i32.and (i32.eq (local.get $b) (i32.const 0xa0)) (i32.eq (i32.load8_u (i32.sub (local.get $e) (i32.const 2))) (i32.const 0xc2))))
          (then (local.set $n (i32.const 2))))
        (if (i32.and (i32.eqz (local.get $n)) (i32.ge_u (i32.sub (local.get $e) (local.get $s)) (i32.const 3)))
          (then
            (if (i32.eq (call $spaceAt (i32.sub (local.get $e) (i32.const 3)) (local.get $e)) (i32.const 3))
              (then (local.set $n (i32.const 3))))))
        (br_if $done (i32.eqz (local.get $n)))
        (local.set $e (i32.sub (local.get $e) (local.get $n)))
        (br $l)))
    (if (i32.eq (local.get $s) (local.get $e))
      (then (global.set $empty (i32.add (global.get $empty) (i32.const 1))) (return)))
    (global.set $nonEmpty (i32.add (global.get $nonEmpty) (i32.const 1)))
    (local.set $n (i32.sub (local.get $e) (local.get $s)))
    (if (local.get $direct)
      (then (call $insert (local.get $s) (local.get $n) (call $hash (local.get $s) (local.get $n))) (return)))
    (local.set $q (i32.add (global.get $queue) (i32.shl (global.get $queued) (i32.const 4))))
    (i32.store (local.get $q) (local.get $s))
    (i32.store offset=4 (local.get $q) (local.get $n))
    (i32.store offset=8 (local.get $q) (call $hash (local.get $s) (local.get $n)))
    (global.set $queued (i32.add (global.get $queued) (i32.const 1)))
    (if (i32.eq (global.get $queued) (i32.const 64)) (then (call $flush))))

  ;; one line [s, e) that is not in the input (put at `scratch`'s address)
  (func (export "line") (param $s i32) (param $e i32)
    (call $line (local.get $s) (local.get $e) (i32.const 1)))

  ;; the lines ending in 0x0A in [s, e) of the input, every one added before it
  ;; returns; returns where the bytes after the last 0x0A start (e if none)
  (func (export "scan") (param $s i32) (param $e i32) (result i32)
    (local $p i32) (local $m i32)
    (local.set $p (local.get $s))
    (block $done
      (loop $l
        (br_if $done (i32.gt_u (i32.add (local.get $p) (i32.const 16)) (local.get $e)))
        (local.set $m (i8x16.bitmask (i8x16.eq (v128.load (local.get $p)) (i8x16.splat (i32.const 10)))))
        (if (i32.eqz (local.get $m))
          (then (local.set $p (i32.add (local.get $p) (i32.const 16))) (br $l)))
        (local.set $p (i32.add (local.get $p) (i32.ctz (local.get $m))))
        (call $line (local.get $s) (local.get $p) (i32.const 0))
        (local.set $p (i32.add (local.get $p) (i32.const 1)))
        (local.set $s (local.get $p))
        (br $l)))
    (block $done
      (loop $l
        (br_if $done (i32.ge_u (local.get $p) (local.get $e)))
        (if (i32.eq (i32.load8_u (local.get $p)) (i32.const 10))
          (then
            (call $line (local.get $s) (local.get $p) (i32.const 0))
            (local.set $s (i32.add (local.get $p) (i32.const 1)))))
        (local.set $p (i32.add (local.get $p) (i32.const 1)))
        (br $l)))
    (call $flush)
    (local.get $s))
)
