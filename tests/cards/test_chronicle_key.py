"""The chronicle's key: made once, kept owner-only in the user data folder, never shown anywhere."""

import stat

from larp.cards import current_card, issued_payload, reissue
from larp.cards.keys import issuing_key, key_path
from larp.cards.store import card_folder
from larp.cli import main


def mode(path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_the_key_is_made_on_first_use_with_owner_only_permissions(chronicle, larp_home):
    assert not key_path(chronicle.id).exists()
    issued_payload(current_card(chronicle, "zoe"))
    path = key_path(chronicle.id)
    assert path.is_relative_to(larp_home)
    assert mode(path) == 0o600
    assert mode(path.parent) == 0o700
    assert mode(path.parent.parent) == 0o700


def test_the_key_is_kept_out_of_the_chronicle_folder(chronicle, chronicle_folder):
    issued_payload(current_card(chronicle, "zoe"))
    assert not key_path(chronicle.id).is_relative_to(chronicle_folder)
    assert sorted(p.name for p in chronicle_folder.iterdir()) == sorted(
        ["chronicle.toml", *(f"c{n:04}.toml" for n in range(len(chronicle.characters)))]
    )


def test_the_key_once_made_stays_the_same(chronicle):
    first = issuing_key(chronicle.id)
    assert issuing_key(chronicle.id) == first
    assert len(first) == 32


def test_serials_are_written_owner_only_and_whole(chronicle):
    reissue(chronicle, "zoe")
    reissue(chronicle, "zoe")
    folder = card_folder(chronicle.id)
    assert mode(folder / "serials.json") == 0o600
    assert [path.name for path in folder.iterdir()] == ["serials.json"]
    assert current_card(chronicle, "zoe").serial == 3


def test_the_key_never_appears_in_any_output(chronicle, chronicle_folder, tmp_path, capsys):
    where = ["--chronicle", str(chronicle_folder)]
    pdf, svgs = tmp_path / "cards.pdf", tmp_path / "svg"
    main(["cards", "print", *where, "--out", str(pdf), "--svg", str(svgs)])
    main(["cards", "payload", "zoe", *where])
    payload = capsys.readouterr().out.strip().splitlines()[-1]
    main(["scan", "--text", payload, *where])
    main(["scan", "--text", payload, "--format", "json", *where])
    main(["scan", "--text", payload[:-1] + ("1" if payload.endswith("0") else "0"), *where])
    main(["cards", "reissue", "zoe", *where])
    main(["scan", "--text", payload, *where])
    said = capsys.readouterr()
    key = issuing_key(chronicle.id)
    written = [said.out.encode(), said.err.encode(), pdf.read_bytes()]
    written += [svg.read_bytes() for svg in svgs.iterdir()]
    for secret in (key, key.hex().encode(), key.hex().upper().encode()):
        assert not any(secret in output for output in written)
    assert len(written) == 2 + 1 + len(chronicle.characters)
