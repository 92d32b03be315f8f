#!/bin/sh
# SPDX-License-Identifier: MIT
# The CLI's answers are valid JSON whatever bytes a line holds: a string it
# echoes (the solver's name, an unknown key) keeps well-formed UTF-8 as it
# is and writes every other byte as \ufffd, never raw.
#   check-cli-utf8.sh BUILD_DIR      (BUILD_DIR holds the aimfix binary)
suite=cli_utf8
. "$(dirname "$0")/cli-checks.sh"

# utf8_valid FILE: every byte sequence of FILE is well-formed UTF-8 (no
# stray continuation byte, truncated sequence, overlong form, surrogate or
# code point past U+10FFFF), read from od's decimal bytes.
utf8_valid() {
    od -An -tu1 -v "$1" | awk '
    {
        for (i = 1; i <= NF; i++) {
            b = $i + 0
            if (need > 0) {
                if (b < lo || b > hi) { bad = 1; exit }
                need--; lo = 128; hi = 191
                continue
            }
            lo = 128; hi = 191
            if (b < 128) continue
            else if (b >= 194 && b <= 223) need = 1
            else if (b >= 224 && b <= 239) { need = 2; if (b == 224) lo = 160; if (b == 237) hi = 159 }
            else if (b >= 240 && b <= 244) { need = 3; if (b == 240) lo = 144; if (b == 244) hi = 143 }
            else { bad = 1; exit }
        }
    }
    END { exit bad || need > 0 }'
}

# Lines whose echoed strings hold: 0xff, an overlong "/", a surrogate, a
# truncated euro sign, a stray continuation byte, a code point past
# U+10FFFF, and an unknown key with 0xfe in it.
printf '{"solve":"\377"}\n' >"$work/bad.jsonl"
printf '{"solve":"a\300\257b"}\n' >>"$work/bad.jsonl"
printf '{"solve":"\355\240\200"}\n' >>"$work/bad.jsonl"
printf '{"solve":"\342\202"}\n' >>"$work/bad.jsonl"
printf '{"solve":"\200x"}\n' >>"$work/bad.jsonl"
printf '{"solve":"\364\220\200\200"}\n' >>"$work/bad.jsonl"
printf '{"solve":"intercept","target":[1,0,0],"speed":1,"k\376":1}\n' >>"$work/bad.jsonl"
"$cli" batch <"$work/bad.jsonl" >"$work/bad.out" 2>&1
check invalid_bytes_exit_status [ $? -eq 0 ]
check invalid_bytes_one_answer_each [ "$(wc -l <"$work/bad.out")" -eq "$(wc -l <"$work/bad.jsonl")" ]
check invalid_bytes_answers_are_valid_utf8 utf8_valid "$work/bad.out"
check invalid_byte_written_as_replacement \
    [ "$(sed -n 1p "$work/bad.out")" = '{"solve":"\ufffd","status":"bad_input","error":"unknown solver '"'"'\ufffd'"'"'"}' ]
check overlong_form_replaced_byte_by_byte grep -q '"solve":"a\\ufffd\\ufffdb"' "$work/bad.out"

# Well-formed UTF-8 (two-, three- and four-byte sequences) is echoed as it is.
printf '{"solve":"caf\303\251 \342\202\254 \360\237\230\200"}\n' >"$work/good.jsonl"
"$cli" batch <"$work/good.jsonl" >"$work/good.out" 2>&1
printf '{"solve":"caf\303\251 \342\202\254 \360\237\230\200",' >"$work/good.expect"
check valid_utf8_echoed_unchanged [ "$(head -c "$(wc -c <"$work/good.expect")" "$work/good.out")" = "$(cat "$work/good.expect")" ]

finish
