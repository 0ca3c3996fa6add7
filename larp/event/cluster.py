"""A PostgreSQL cluster in a folder of this laptop, made and run with Debian's binaries.

PostgreSQL refuses to run as root: run by root, every server command runs as the
`postgres` system user (`runuser`), and the folder is given to that user. The
commands are found in `/usr/lib/postgresql/*/bin` (the newest), else on PATH.
"""

import glob
import os
import pwd
import shutil
import subprocess
import time
from pathlib import Path

from psycopg.conninfo import make_conninfo

from larp.event.errors import EventError

SERVER_USER = "postgres"
"""Who runs the server when larp runs as root."""
STARTING_SECONDS = 30


def binary(name: str) -> str:
    """The PostgreSQL command `name` (initdb, pg_ctl…), newest version first."""
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), key=version_of, reverse=True)
    if found:
        return found[0]
    on_path = shutil.which(name)
    if on_path:
        return on_path
    raise EventError(
        f"PostgreSQL's {name} is not installed on this laptop: install PostgreSQL "
        "(sudo apt-get install postgresql), or point --hub at a PostgreSQL server you run"
    )


def version_of(path: str) -> tuple[int, ...]:
    folder = Path(path).parents[1].name
    return tuple(int(part) for part in folder.split(".") if part.isdigit())


def server_user() -> str | None:
    """The system user the server runs as: None for whoever runs larp, unless that is root."""
    if os.geteuid() != 0:
        return None
    try:
        pwd.getpwnam(SERVER_USER)
    except KeyError:
        raise EventError(
            f"PostgreSQL does not run as root, and this laptop has no {SERVER_USER!r} user to run it: "
            "run larp as another user, or install PostgreSQL (which makes that user)"
        ) from None
    return SERVER_USER


def run_server_command(name: str, *args: str, check: bool = True) -> subprocess.CompletedProcess:
    """A PostgreSQL command, run as the server's user."""
    command = [binary(name), *args]
    user = server_user()
    if user is not None:
        command = ["runuser", "-u", user, "--", *command]
    done = subprocess.run(command, capture_output=True, text=True, stdin=subprocess.DEVNULL, env=server_environment())
    if check and done.returncode != 0:
        said = (done.stderr or done.stdout).strip().splitlines()
        raise EventError(f"PostgreSQL's {name} failed: {said[-1] if said else f'exit status {done.returncode}'}")
    return done


def server_environment() -> dict[str, str]:
    """The environment PostgreSQL's programs run with: larp's own variables (the hub's line and
    the owner's among them) never reach them."""
    return {name: value for name, value in os.environ.items() if not name.startswith("LARP_")}


def give_folder(folder: Path) -> None:
    """The cluster's folder made (0700) and, run by root, given to the server's user, who must
    be able to reach it."""
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    folder.chmod(0o700)
    user = server_user()
    if user is None:
        return
    account = pwd.getpwnam(user)
    for path in [folder, *folder.rglob("*")]:
        os.chown(path, account.pw_uid, account.pw_gid)
    for parent in folder.resolve().parents:
        if not parent.stat().st_mode & 0o001:
            raise EventError(
                f"the {user} user, who runs PostgreSQL here, can't reach {folder} ({parent} is closed to "
                "other users): give --dir a folder outside it, such as /var/lib/larp/hub"
            )


def is_cluster(folder: Path) -> bool:
    return (folder / "PG_VERSION").is_file()


def make_cluster(folder: Path) -> None:
    """initdb: the local socket (in the folder, closed to others) trusts; the network asks
    for a password checked with scram-sha-256."""
    give_folder(folder)
    run_server_command(
        "initdb",
        "--pgdata",
        str(folder),
        "--username",
        "postgres",
        "--encoding",
        "UTF8",
        "--auth-local",
        "trust",
        "--auth-host",
        "scram-sha-256",
    )
    hba = folder / "pg_hba.conf"
    hba.write_text(
        "# larp: the local socket is in the cluster's folder, which only its owner can reach\n"
        "local all all trust\n"
        "host all all all scram-sha-256\n"
    )
    give_folder(folder)


def start_cluster(folder: Path, listen: str, port: int) -> None:
    """The server started as its own process, from an argument list (pg_ctl would hand the
    folder's name to a shell), its settings in a file it reads; back once it is ready."""
    write_server_settings(folder, listen, port)
    log = folder / "server.log"
    started = log.stat().st_size if log.exists() else 0
    command = [binary("postgres"), "-D", str(folder)]
    user = server_user()
    if user is not None:
        command = ["runuser", "-u", user, "--", *command]
    with log.open("ab") as written:
        server = subprocess.Popen(
            command, stdin=subprocess.DEVNULL, stdout=written, stderr=subprocess.STDOUT, start_new_session=True, env=server_environment()
        )
    deadline = time.monotonic() + STARTING_SECONDS
    while not is_ready(folder):
        if server.poll() is not None:
            raise EventError(why_not_started(log, started, listen, port) or f"PostgreSQL did not start (the whole story is in {log})")
        if time.monotonic() > deadline:
            raise EventError(
                f"PostgreSQL is still starting after {STARTING_SECONDS} s (after an abrupt stop it checks its files "
                "first): larp hub status says when it runs"
            )
        time.sleep(0.05)


def is_ready(folder: Path) -> bool:
    """Whether the server says it takes connections (the last line of its pid file)."""
    try:
        lines = (folder / "postmaster.pid").read_text().splitlines()
    except (FileNotFoundError, PermissionError):
        return False
    return len(lines) >= 8 and lines[7].strip() == "ready"


SETTINGS_FILE = "larp.conf"


def conf_text(value: str) -> str:
    """A value as PostgreSQL's configuration files quote it."""
    return "'" + value.replace("\\", "\\\\").replace("'", "''") + "'"


def write_server_settings(folder: Path, listen: str, port: int) -> None:
    """The address, port and socket folder in `larp.conf`, which postgresql.conf includes: any
    folder name a filesystem allows works, and nothing in it is ever run."""
    (folder / SETTINGS_FILE).write_text(
        "# larp hub start writes this file at every start\n"
        f"listen_addresses = {conf_text(listen)}\nport = {int(port)}\n"
        f"unix_socket_directories = {conf_text(str(folder))}\npassword_encryption = 'scram-sha-256'\n"
    )
    main = folder / "postgresql.conf"
    include = f"include_if_exists = {conf_text(SETTINGS_FILE)}\n"
    if include not in main.read_text():
        with main.open("a") as conf:
            conf.write("\n# larp: the hub's own settings\n" + include)
    give_folder(folder)


def why_not_started(log: Path, since: int, listen: str, port: int) -> str | None:
    """What the server's log says stopped this start, in a Narrator's words where it is known."""
    try:
        with log.open("rb") as read:
            read.seek(since)
            said = read.read().decode(errors="replace")
    except OSError:
        return None
    if "Address already in use" in said:
        return f"port {port} is taken on this laptop (another PostgreSQL, or a hub started elsewhere): give --port another"
    if "Cannot assign requested address" in said:
        return f"this laptop has no address {listen} to listen on: give --listen one of its own, or 0.0.0.0 for all"
    fatal = [line.split("FATAL:", 1)[1].strip() for line in said.splitlines() if "FATAL:" in line]
    return f"PostgreSQL did not start: {fatal[-1]} (the whole story is in {log})" if fatal else None


def stop_cluster(folder: Path, mode: str = "fast") -> None:
    run_server_command("pg_ctl", "stop", "--wait", "--pgdata", str(folder), "--mode", mode)


def is_running(folder: Path) -> bool:
    return run_server_command("pg_ctl", "status", "--pgdata", str(folder), check=False).returncode == 0


def admin_url(folder: Path, port: int, database: str = "postgres") -> str:
    """The superuser's connection, through the socket in the cluster's folder."""
    return make_conninfo(host=str(folder), port=str(port), user="postgres", dbname=database)
