// Test data: zlib streams made by CPython's zlib (the reference C
// implementation), so that the inflater meets an encoder other than ours:
// other block splits, lazy-match choices, fixed-only codes, small windows.
// Regenerate with (python3):
//
//     import zlib, base64
//     data = ''.join(f"row {i}: pixel {i*7%31}, alpha {i%5}\n" for i in range(300)).encode()
//     o = zlib.compressobj(level, zlib.DEFLATED, windowBits, 9, strategy)
//     print(base64.b64encode(o.compress(data) + o.flush()).decode())

import Foundation

enum ReferenceZlibStreams {
    /// The text every stream below compresses (the stored one: its first 100 bytes).
    static let content: [UInt8] = Array(
        (0..<300).map { i in "row \(i): pixel \(i * 7 % 31), alpha \(i % 5)\n" }.joined().utf8)

    /// (description, base64 of the zlib stream, length of the content it holds).
    static let streams: [(name: String, base64: String, contentCount: Int)] = [
        (
            "level 9",
            "eNp1mE2O5TYQg/c5xTtAFi7a+sttZjFAAgyQwWyS4ydolUyZhLfPaJByi66v+Ovvfz7HH5+ff/37/cfn+P3z7cfPP799jt9+/f97"
                + "rN/b+j2+fsf6Pa71AF8PzvUAsR6cXw+u+0FfD66vB2U9uJ7S9ZaIp3a7H/Sndr8lylN73H/xlI772F2OfZ87ylM87pMDT/Xg0cdT"
                + "Pu6zF9G/zx4QAzz9EAP38VHFAM8v+vf5x1Mf9/mjPvVxvwCc8p+/X8B5PPVxv4D61Md9/jjFwP0CIBcP9wuAXr37BZyif58/DjHA"
                + "C9CeBs77DUCu3xkWial/wjKRV//0UEz98/JUpH7xWKR+tVykfvNgpIHuyUgDw6MxDVyHZWPqX2HZmPoXPBtT/zo9Gxn+y7OR+sWy"
                + "kfrVs5EGmmcjDXTPRhoYlo38+hyWjalfwrMx9Qs8G1O/nJ6NqV8uy0bqF89GGqiejTTQPBtpoFs2Un94NqaBeng28gMcno1poMKy"
                + "MfXradmY+vXybKR+8WykfvVspH6zbKR+92ykgeHZmAba4dmYBlpYNnICwbIx9dvp2Zj67fJspH7xbKR+tWykfvNspIHu2UgDw7Mx"
                + "DfTDsjH1e1g2pn6HZyNH8OnZmPr98mykfrFspH71bKSB5tlIA92zkQaGZWPqj8OzMQ2M8GxMAwOejWlgnJaNhJDLspH6xbOR+tWz"
                + "kfrNs5H63bKR+sOzsTDo8HAkhxzh6UgQOWDxSBA5TstHkshxeUCWieIJWSaqR2SZaJaRZaJ7SJaL4SlJF0RCVGXCsJykCUKhDKQg"
                + "FIZMpCAV4lQTxbOyTFQLyzLRPC3LRfe4LBfD85IuSIcymYJ0GIfiMTwy6YJ8CLmaQUI81ESx1CwT1WOzTDTPzTLRPTjLxLDkpAlS"
                + "YsiMCmJiyJAKgiL0bm6oKCaIil1NFI/OMlE9OstE8+gsE92is0wMj0662HhRplWQGKF3k8yoSxOZ0Zamy6OzTBSPzjJRPTrLRLPo"
                + "LBPdo7NcDI/OWt4Oj066IDzK4ArCY8jkCtJjyOgK4iP0bhIg9VNBgGxqor2t70GC1AU+yJC6wgch8tI9Nt7W+CBF6iIf5Ehd5WMj"
                + "STVR3rZ5kqSt80RJ2+cJk7bQkyZ1ipEmbaXfcNJ2erwu9URKnWJESh1iRErd64NMqYt9kCp1sw9ipU4xYqXu9rFxpV5NkqVu90G2"
                + "1ClGttT9PgiXuuAH6VI3/CBf6qeCfKlDjHypS34QMHXLDyKmrvlBxtQpRsbURT8ImbrpBzFTV/3YQFNN1JdlPwiauu0HSRNWOI23"
                + "fR9kTZliIGrqxo8NNWWKgaypOz8Im1AT5WXrB1FT134QNXXvB1lTF3+QNWWKgaipqz821JSria2AlLsJwqZMMZA1df3H1kE2dVHf"
                + "CgAQNrUEJGs2NTHeOgAQNbUEwNZEdm0i8VIDgKipPQC2MrKri/LWBGCDTTXRXroAbH1kURPjrQ3A1kjq3SRryhQDUVMLAWyoKVMM"
                + "Wy2pd3PrJdVEfSkFsBWTVU30t1oAZE3tBUDW1HaaqKnNADbU1Ku59ZN6Nwmb2lCTNbUdwFZRakdN1tR+AIRN/VSQNZvW5MdbRQCi"
                + "pnYE2IpKvZtkTZliIGpqTYCtq+zqor7VBNhgU030l5oAW10pQwxETa0JsBWWejfJmjLFQNTUmgAbauoU21pLvZtbbakm2ktNgK23"
                + "1CFG1NSaAGRNrQlA1tQpRtTUmgAbaurV3OpLvZuETZ1iZE2tCbA1mDrFyJpaE4CwqZ8KsqYOMaKm1gQgampNgK3H1LtJ1tQpRtTU"
                + "mgBblalTbOsy9W5usKkmxktNgK3N1CFG1NSaAFufqXeTrKlTjKipNQE21NQptpWaeje3VlNN9JeaAFutuQ2x/wAxb/Aq",
            7892
        ),
        (
            "level 1",
            "eAFdmEuuG0cQBPc6BQ/gBbs5/Pk2WhiwAQEWtLGPb+NVZgQxWw5QFZXqwEv719//XK6/X37+9e8fPy7X3y7ff/z88/vl+u3X/7+v"
                + "/v7s7+vr993f19EP++vDrR/26ofb14eDD69+OL4+3PuBSbP60d8Xk2b3kw9Mmt2vftj3rpjd735g0qxenM2knM3di1GzfHH53l0y"
                + "25env/tl1i9uZ1j2c/tiWAC8nmEB4Pz96JoAeH8/ZD/3M2v2b+5fzJr9mwD2rcPyL08AN97K7N8EwLDZv7l/MSwABLAZFgAC2Oen"
                + "RwAMy37uXwwLAAEshg3AjQT26fndSIBhE8CNAJg1+2/crxSz/0YAWpH9BnB6gjcCACz7uV8xAmAADAsAAajGABwEgBvzD3BwP7Nm"
                + "/8H9ujH7DwLQjdl/GMDpCR4EgBvZz/26EQADYFgACEA3AmAAfc5z/537mTX779yvG7P/TgC6MfvvBKAbs/9OALiR/dyvGwEgAN0I"
                + "AAHoRgAIADeyn/t1YwAeBKAbA/AgAd0YgAcJ4MbsfxAAbsz+B/frRvYTgG5kvwGcnuCDAHAj+7lfNwJgAAwbgCcB6MYAPAkAN+b+"
                + "J/cza/Y/uV83Zv+TAHQj+w3g9ASfBIAb2c/9uhEAA2BYAAhANwbgZQB1Y+5/cT+zZv+L+3Vj9r8IQDdm/4sAdCP7CQA3sp/7dSMA"
                + "BKAbASAA3QgAAeDG7H9zv24MwJsAdGMA3iSgGwPwJgHcmP1vAsCN7Od+3ch+AtCN7DeA0xN8EwBuZD/368YArKsJMG0I1pUItGMQ"
                + "1pUM0GMiWFcyYNwwrCshKEghiEFDCmEOp5e4rgSBI4UgCCUphVEwLxRWQjUJxTKKepIkLIWMC4SlUFMCYStUlUIQha4UgiiQpRAk"
                + "oS2lIAp1KQVR6EsobIcIEwjbocaEYvsoeOahsB/qTChsiEhTCKJgXCFIQm0KQRR6UwijOL/NTRSYEwhbouqEwpq4mBcKi6LqhOKj"
                + "KvYpJQmrIuMKQRKqUwiiUJ1CGMX5bd6IAnUKQRKqE4qPvsi8UNgYVScUdkb+OydJ2BkZFwg7o+oUgihUpxBEoTqFIArUKQRJqE4p"
                + "iEJ1QmF1VJ1QWB5RJxCWR9UJhe3RvzahsD6qTinIAnUKQRSoUwiSUJ1CEIXqFMIozm/TEok6gbBEqk4obJGqEwp7pOqE4qNJVp0k"
                + "8SAJ8ApBEqpTCKJQnUIYxfltPogCdQJhm1SdUHzUSeaFwkKpOqGwUqJOkrBSMq4QJKE6hSAK1SkEUahOIYgCdQpBEqoTio9eeX6a"
                + "NkvVCYXdEnUCYbdUnVBYLlWnFGShOsniRRbwFYIoUKcQJKE6hSAK1QmEFXOf36YdE3UCYcdUnVBYMlUnFNZM1SkFUVDYksSbJMAr"
                + "BEmoTiGIQnUKYRSnt7ntmqgzENuqqTpDsT+qJvOGYts1VWcotmUTdSaJfSUJxhWCJFSnEEShOoUgCtUpBFGgTiCsmqoTio+qeXqa"
                + "266pOqGwbKJOIOyaqlMKolCdUpCF6iSLRRbwFYIoUKcQJKE6gbBqqk4g7JqqEwi7JuoEwqqpOqGwaqpOKYhCdUpBFKhTCJJAnUKQ"
                + "hOoUgihUJxB2zX1+m3ZN1AmEVVN1QvFRNZkXCrum6pTCKPpXNkn4/yUZVwiSUJ1CEIXqFIIoVCcQdk3UCYRVU3VC8VE1z0/Trqk6"
                + "obBsok4hSEJ1SuGj4K2XgixUJ1kcZAFfIYiCcYGwaqpOIKyaqhMIu6bqBMKuiTqBsGqqTimMgrdeCqJQnVIQBeoUgiQYVwiSUJ1A"
                + "WDVVJxB2TdUJhF0TdQJh1VSdUHxUTd56KYhCdUphFFWnECTBuEKQhOoUgihUJxB2TdUJhF0TdQJh1VSdUHxUzfPTtGuqTimIAnUK"
                + "QRKqUwqi8K9OKchCdZLFkyzgC4RdE3UCYdVUnUBYNVUnEHZN1QmEXRN1CkESqlMKo+Ctl4IoVKcURIE6hSAJxgXCqqk6gbBqqk4g"
                + "7JqqEwi7JuoEwqqpOqUwCt56KYhCdUphFFWnECTBuEKQhOoc3/4DMW/wKg==",
            7892
        ),
        (
            "fixed codes only (Z_FIXED)",
            "eAEryi9XMLBSKMisSM1RMNBRSMwpyEhUMOAqAoobwsTNYeKGYHEjmLihCUzCCCxhDJMwMoRJGIMlTOASFjAJE7CEKUzCBNVqM7gV"
                + "hqh2m8MlLFDttoBbYYpqtyVcB6rVhnBvW6B5G+5vQ1NUyw3hPjcyQrXdEOF1S1TrDeF+N0WzH+53QyM0ByB8b4nmALj3jczQHIDw"
                + "P5r9cP9botpvBPe/oRmq/UbwADAyRot5eAAYG6DabwQPADNU+43g/jc0RnMAPACM0BKeETwAjNCTHjwAjNHsh/vf0ADNAYgEYI7q"
                + "AGN4CBihJT9jQ4wsAbHf2AgjT0CTvjFmpoDYb2yCmSug9ptiZguo/WYY+QJqvzlmxoA6wAIzZ0AdYImZNSAOMDHAyBsQ+00MMfIG"
                + "xH4TI8y8AbHfxBgzb0Azvwlm3oDab4qRN6D2m2HmDagDzDHzBtQBFph5A+oAS4y8AS19DDDyBsR+U0PMvAGx39QIM29A7Dc1xswb"
                + "EPtNTTDyBtR+U8y8AXWAGWbegDrAHDNvQB1ggZE3oPZbYuYNiAPMDDDzBrQANsTMGxAHmBlh5A2I/WbGGHkDYr+ZCWbegNpvipk3"
                + "oPabYeYNqP3mGHkDar8FZt6AOsASM29AHGBugJk3IA4wN8TIG9AayAgjb0DsNzfGzBsQ+81NMPMG1H5TzLwBtd8MI29A7TfHzBtQ"
                + "B1hg5g2oAywx8wbEARYGGHkDYr+FIUbegNhvYYSZN6BVsDFm3oDYb2GCmTeg9pti5A2o/WaYeQPqAHPMvAF1gAVm3oA6wBIjb0Ds"
                + "tzTAzBsQB1gaYuYNiAMsjTDzBsQBlsYYeQPaCDHByBtQ+00x8wbUfjPMvAG13xwzb0Dtt8DIG1D7LTHzBqwZZICZOaDtEANDzNwB"
                + "bYgYGGFkD2hDxMAYI39AWyIGJpgZBOYIU8wcAnOEGWYWgTnCHCOPwBxhgZlJYK6wxMwlUFcgmoRGaKnRENEoRKuQDBGNQrQKyRDR"
                + "KDREq5EMEa1CI2N0R5hi5hWYI8wwMgvMEeaYuQXmCgvM7AJzhSVmfoG6AtE6RKuZDBGtQ0O0qskQ0Tw0RKubDBHtQyO0pGmIaCEa"
                + "oDvCFCPXwBxhhpltYI4wx8w3MEdYYGYcmCMsMXIO1BGIVqIhWh1liGgmGqJVUoaIhqIRetpEaiqiOQLRVLRAd4QpZtaBOcIMM+vA"
                + "HGGOmXVgjrDAyDowR1hiZh2oK5Dai2i1lSGixWiEnjYRbUb0ThOizYjRaTLBzDowR5hiZh2YI8wwsw7MEeYYWQfmCAvMrANzhSVm"
                + "1oF13gwwsw7UFYjGI1rFZYhoPBqi1VyGiNajIVrVZYhoPhqhp01EAxK9qEA0IM3RHWGOmXVgjrDAzDowR1hiZh2oIxCNSLQazBDR"
                + "iETvxhsiWpHoHXlDRDsSvStviNSSRHeEKUbWgTnCDDPrwBxhjpl1YI6wwMw6MEdYYmQdqCMQrUmMLj1ScxKjT2+EmXWgrkA0KdFr"
                + "MUSTEr0SQzQp0fv1hog2JXrH3hDRqkTv2RsimpXotRiiWYnetzdEaleiJ01EyxK9d2+IaFui12KItiV6/94Q0bhE7+AbIlqX6D18"
                + "Q0T7Er2oQLQv0SsxRPsSvZNviGhgovfyDRFNTPRuviGijYleiyHamOgdfUNEIxO9p2+IaGaid/UNkRqa6I4ww8g6MEeYY2YdmCMs"
                + "MLMOzBGWmFkHNuRkgJF1oCM+iKYmeo/fCKmpiVaLGSHamuh9fiNEY9MI3RGmGFkH5ggzzKwDc4Q5ZtaBOcICM+vAHGGJkXWgjkA0"
                + "NdG7/kZITU20pGmENACJljaNEI1NtFrMCNHWRO/+GyGNQZqju8IMM+vAXGGOkXVgjrDAyDowR1hiZh2oIxBNTfRBACOkkUi0tGmE"
                + "aGui1WJGiKYm+jiAEdJgpAW6K0wxsw7MFWYYWQfmCHOMrANzhAVm1oE5whIz60AdgTQiiZ42EW1NtFrMCNHURB8QMEJqaqLVYkZI"
                + "w5LoaRNpXBLdEWYYWQfmCHPMrANzhAVm1oE5whIz60AdgWhroo9OI5qa6CMDRkhNTfSkiTQ+iZ42EY1N9BFqRFsTfXTACGmIEn2M"
                + "GtHWRB8fMEI0NtGLCkRbE60SM0I0NdGHCIwQTU30MQIjpIFK9LSJaGui1WJGiKYm+jCBEdJYpQW6K8wwsw7MFeYYWQfmCAuMrANz"
                + "hCVm1oE6AtHURB8mMEIasERPm4i2JlotZoRoaqIPExghNTXRazGkUUv0tIk0bInuCHOMrANzhAVm1oE5whIz60AdgWhrog8TGCHa"
                + "mui1GKKpiT5MYITU1ERPmkjDl+hpE9HYRK/FEG1N9GECI6QRTPRaDNHWRB8mMEI0NtGLCkRbE70SQzQ10YcJjBBNTfRhAiOkcUz0"
                + "tIloa6LXYoimJvowgRHSUCZ6LYY0lomeNpEam+iOsMTIOlBHII1moldiiKYm+jCBEdJ4JnraRLQ10WsxRFMTfZjACKmpiV6LIQ1q"
                + "oqdNpFFNdEdYYGQdmCMsMbOOCRcAMW/wKg==",
            7892
        ),
        (
            "512-byte window",
            "GNNdz0vKZlUQRNG+o/gGYCPfD2dTDUGhwKI6Onzlhww50b1Bnr3uz7/+/shvnx9//vP794/8+vn2/ccf3z7yy8//vut97/uuX9/t"
                + "vmvcYF+D32B6g38NgWFuiK8hb4g3XUjo224M87YHiXzbi4s3rfjtod/Gf2u+ccWfm711dSz75jVuSeonMkaAwrIEaGSKAIOF+nvD"
                + "vn0TVOrtm+Itf/tmt7i8ffNb6u1bIOMESGSEAIWlCdAAUH+QEQIsln4BLsjEC3C9Rd6+2w399t1RibfvgYpSP7EM9euWoH4jowQY"
                + "LEOARSZfQAhu3n7oDfP2w3CRbz8cFXv7EViW+nlLUr+QMQI0liXAIFMEWCxvP+WGffupqNTbT8Nb/vbTb3F5+xm3FPUTGSdAISME"
                + "aCxNgAGA+ouMvIASLP0CSpGJF1B2i7z98hv67VegEtRPVJT6hWWo37cE9QcZJcBimRfQgky+gFbcvP22G+btt+Mi334HKkb9xLLU"
                + "r1uS+o2MEWCwLAEWmXoBI1je/ugN+/bHUKm3P463/O1P3OJC/bylqF/IOAEaGSHAYGkCLABvfwUZeQGrWPoFrCETL2D9Fnn7Gzc0"
                + "9ROVoH6hotRvLEP9uSWov8joC1ARTPMKVBShfAkqhquXoOK3zGtQCdwkIxIlY0RhWkb0TcmIQcpYsZiWFCpIFSlUMRFC7ZYlhDpK"
                + "RQgNPOeMyJtcGFE3FSMaKWfFICWsWExNChMoCGGKlJDCDFOTwhypIIXFTcKIvKUZUSgFIxolZcRgGkbsTUEIF6SUFK6YhhRuSCUp"
                + "3HFFCI9bhhGJm2REoWSMaEzLiLkpGbFIGSlCMC0pQpEqUoRhIkT4LUuICJSKEYnnnBF1kwsj+qZixCDlrFikhBQpmJoUqVAQIg0p"
                + "IUU6piZFBlLBirxJGFG3NCMapWDEoKSMWExDiJKbghClSCkpyjANKcqRSlJU4IoRecswonCTjGiUjBGDaRmxNyUhWpAyUrRiWlK0"
                + "IVWkaMdEiI5blhGJUjGi8Jwzom9yYcTcVIxYpJwUI0gJKUYxNSnGoCDEOFJCiglMzYpEKlhRNwkj+pZmxKAUjFiUlBArmIYQqzcF"
                + "IdaQUlKsYxpSbCCVrEhcMaJuGUY0bpIRg5IxYjHtizCRm/JFmChS9ipMDNO+ChNHql6FSWBiRN6yjCiUihGN55wRc5MLI/amIoQK"
                + "Uk4KVaSEFGqYmhTqUBBCAylhRWJqVhRSwYq+SRgxtzQjFqUghAlKSghTTEMIs5uCEOZIKSksMA0rEqlkReGKEX3LMGJwk4xYlIwQ"
                + "LpiWEK43JSHckDJSuGNaUnggVaxITIyoW5YRjVIxYvCcM2JvciFEyE1FiFCknBRhSAkpwjE1KSKgYEQiJawoTM2KRipYMTcJI/aW"
                + "JkQKSkGIVJSUEGmYhhDpNwUhMpBSViSmYUUhlaxoXDFibhlGLG6SECUoGSFKMS0hym5KQpQjZaSowLSsSKSKFYWJEX3LMmJQKkYs"
                + "nnNCtNzkQojWm4oQbUg5KdqRElJ0YGpWJBSMKKSEFY2pWTFIBSv2JiHEyC1NiFGUghBjKCkhxjENISZuCkYkUsqKwjSsaKSSFYMr"
                + "RuwtQ4gV3CQhVlEyQqxhWkKs35SE2EDKWJGYlhWFVLGiMTFibllGLEr1P+JfMW/wKg==",
            7892
        ),
        (
            "stored (level 0), first 100 bytes",
            "eAEBZACb/3JvdyAwOiBwaXhlbCAwLCBhbHBoYSAwCnJvdyAxOiBwaXhlbCA3LCBhbHBoYSAxCnJvdyAyOiBwaXhlbCAxNCwgYWxw"
                + "aGEgMgpyb3cgMzogcGl4ZWwgMjEsIGFscGhhIDMKcm/z+B3d",
            100
        ),
    ]

    /// The decoded bytes of a stream.
    static func bytes(_ base64: String) -> [UInt8] { Array(Data(base64Encoded: base64)!) }
}
