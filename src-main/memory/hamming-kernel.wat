;; The Hamming scan of BinaryCodeIndex (vector-index.ts), in WebAssembly for its native popcount: V8 has no
;; popcount for JavaScript, and a lookup table costs two loads per 32-bit word. All arrays live in the
;; imported memory, laid out by the index. Compiled to hamming-kernel.ts by `npx tsx scripts/build-wasm.ts`.
(module
  (import "env" "memory" (memory 1))

  ;; dist[s] = Hamming distance between code s and the query, for every slot s < n whose type bit is set in
  ;; `allow`, that is current (or `inactiveOk`) and whose space (16-bit, `spaces`) is `space`; `far` for the
  ;; others. Space 0xFFFF is "any": a slot seen from every space, or a query over every space. hist[d] counts the slots at
  ;; distance d (the caller zeroes it). Codes are `words` 32-bit words each, back to back; `words` is even
  ;; (the index pads codes and query alike with a zero word), so they are compared 64 bits at a time.
  (func (export "scan")
    (param $n i32) (param $words i32) (param $codes i32) (param $types i32) (param $active i32)
    (param $dist i32) (param $hist i32) (param $query i32) (param $allow i32) (param $inactiveOk i32) (param $far i32)
    (param $spaces i32) (param $space i32)
    (local $s i32) (local $w i32) (local $d i32) (local $code i32) (local $bin i32) (local $in i32)
    (local.set $code (local.get $codes))
    (block $done
      (loop $slot
        (br_if $done (i32.ge_u (local.get $s) (local.get $n)))
        (local.set $d (local.get $far))
        (local.set $in (i32.load16_u (i32.add (local.get $spaces) (i32.shl (local.get $s) (i32.const 1)))))
        (if (i32.and
              (i32.and
                (i32.and
                  (i32.shr_u (local.get $allow) (i32.load8_u (i32.add (local.get $types) (local.get $s))))
                  (i32.const 1))
                (i32.or (local.get $inactiveOk) (i32.load8_u (i32.add (local.get $active) (local.get $s)))))
              (i32.or
                (i32.eq (local.get $in) (local.get $space))
                (i32.or (i32.eq (local.get $space) (i32.const 0xFFFF)) (i32.eq (local.get $in) (i32.const 0xFFFF)))))
          (then
            (local.set $d (i32.const 0))
            (local.set $w (i32.const 0))
            (loop $word
              (local.set $d
                (i32.add (local.get $d)
                  (i32.wrap_i64 (i64.popcnt
                    (i64.xor
                      (i64.load (i32.add (local.get $code) (i32.shl (local.get $w) (i32.const 2))))
                      (i64.load (i32.add (local.get $query) (i32.shl (local.get $w) (i32.const 2)))))))))
              (local.set $w (i32.add (local.get $w) (i32.const 2)))
              (br_if $word (i32.lt_u (local.get $w) (local.get $words))))
            (local.set $bin (i32.add (local.get $hist) (i32.shl (local.get $d) (i32.const 2))))
            (i32.store (local.get $bin) (i32.add (i32.load (local.get $bin)) (i32.const 1)))))
        (i32.store16 (i32.add (local.get $dist) (i32.shl (local.get $s) (i32.const 1))) (local.get $d))
        (local.set $code (i32.add (local.get $code) (i32.shl (local.get $words) (i32.const 2))))
        (local.set $s (i32.add (local.get $s) (i32.const 1)))
        (br $slot))))

  ;; The slots s < n with dist[s] <= cutoff, in slot order, written to out as 32-bit slot numbers; returns
  ;; how many.
  (func (export "collect") (param $n i32) (param $dist i32) (param $cutoff i32) (param $out i32) (result i32)
    (local $s i32) (local $k i32)
    (block $done
      (loop $slot
        (br_if $done (i32.ge_u (local.get $s) (local.get $n)))
        (if (i32.le_u (i32.load16_u (i32.add (local.get $dist) (i32.shl (local.get $s) (i32.const 1)))) (local.get $cutoff))
          (then
            (i32.store (i32.add (local.get $out) (i32.shl (local.get $k) (i32.const 2))) (local.get $s))
            (local.set $k (i32.add (local.get $k) (i32.const 1)))))
        (local.set $s (i32.add (local.get $s) (i32.const 1)))
        (br $slot)))
    (local.get $k)))
