"""The host's history and ratings at scale: a database of many players and finished games,
and the time of what the table server asks of it.

Makes a fresh hosting database (in a temporary folder, or ``--db PATH``) with ``--players``
players and ``--games`` finished games (any of the four games, 2 to 4 seats, people and
computer levels, a few casual tables, stand-ins and resignations), rates them all with the
full rebuild, then times, each ``--repeat`` times (median and max):

- the lobby's first screen: the store's latest results and every player's name;
- a profile (of a player with about the median number of games) and a computer level's;
- a game's leaderboard;
- a history page;
- keeping one more finished game and rating it (the table server's work at a game's end);
- the full rebuild of every rating (``robotui host ratings --rebuild``).

Run by hand from the test venv:

    python -m bench.host_db                          # 2,000 players, 50,000 games
    python -m bench.host_db --players 200 --games 5000 --repeat 5

Targets: lobby <= 150 ms, profile <= 50 ms, leaderboard <= 50 ms, rating update <= 10 ms,
rebuild <= 30 s.
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

from hosting import profiles
from hosting.ratings import computer_identity
from hosting.store import SeatResult, SeatRow, Store, insert_seat_results

GAMES = {"robot-master": (2, 2), "robo-factory": (2, 4), "roborally": (2, 4), "stak-bots": (2, 4)}
LEVELS = ["random", "easy", "normal", "hard"]


def make(store: Store, players: int, games: int, seed: int) -> None:
    """Fill ``store`` with players and finished games (kept unrated: the rebuild rates)."""
    rng = random.Random(seed)
    db = store.db
    keys = [f"SHA256:bench{i:05d}" for i in range(players)]
    start = datetime(2025, 1, 1, tzinfo=UTC)
    with db:
        db.execute("BEGIN")
        db.executemany(
            "INSERT INTO players (key, name, name_key, bell, created, last_seen)"
            " VALUES (?, ?, ?, 1, ?, ?)",
            [
                (k, f"Player {i}", f"player {i}", start.isoformat(), start.isoformat())
                for i, k in enumerate(keys)
            ],
        )
        weights = [1.0 / (1 + i % 97) for i in range(players)]  # some play far more
        for g in range(games):
            game = rng.choice(list(GAMES))
            low, high = GAMES[game]
            n = rng.randint(low, high)
            people = rng.randint(1, n)
            who = list(dict.fromkeys(rng.choices(keys, weights, k=people * 2)))[:people]
            seats = who + [computer_identity(rng.choice(LEVELS)) for _ in range(n - len(who))]
            rng.shuffle(seats)
            finished = (start + timedelta(minutes=15 * g)).isoformat()
            cursor = db.execute(
                "INSERT INTO tables (game, status, creator_key, code, timer, stand_in_after,"
                " save_path, created, finished, rated) VALUES (?, 'finished', ?, ?, 0, 5, ?, ?,"
                " ?, ?)",
                (
                    game,
                    who[0],
                    "CODE22" if rng.random() < 0.1 else None,
                    f"/srv/tables/table {g}.toml",
                    finished,
                    finished,
                    int(rng.random() > 0.05),
                ),
            )
            table_id = int(cursor.lastrowid or 0)
            ranks = [rng.randint(1, n) for _ in range(n)]
            kept = []
            for s, identity in enumerate(seats):
                person = not identity.startswith("computer:")
                moves = rng.randint(10, 60)
                stand_in = rng.choice([0] * 19 + [moves]) if person else 0
                outcome = "win" if ranks[s] == min(ranks) else "loss"
                kept.append(
                    SeatResult(
                        s,
                        identity,
                        "person" if person else "computer",
                        identity,
                        ranks[s],
                        outcome,
                        moves,
                        stand_in,
                    )
                )
            db.executemany(
                "INSERT INTO seats (table_id, seat, kind, level, owner_key, stand_in)"
                " VALUES (?, ?, ?, ?, ?, NULL)",
                [
                    (
                        table_id,
                        s.seat,
                        s.kind,
                        s.who.removeprefix("computer:") if s.kind == "computer" else None,
                        s.who if s.kind == "person" else None,
                    )
                    for s in kept
                ],
            )
            rated = bool(
                db.execute("SELECT rated FROM tables WHERE id = ?", (table_id,)).fetchone()[0]
            )
            cursor = db.execute(
                "INSERT INTO results (table_id, game, finished, players_json, headline, outcome,"
                " save_path, rated, private) VALUES (?, ?, ?, '[]', 'a game', 'finished', ?, ?,"
                " 0)",
                (table_id, game, finished, f"/srv/tables/table {g}.toml", int(rated)),
            )
            result_id = int(cursor.lastrowid or 0)
            insert_seat_results(db, result_id, game, kept, rated)


def timed(fn: Callable[[], object], repeat: int) -> tuple[float, float]:
    """Median and max milliseconds of ``repeat`` calls."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), max(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--games", type=int, default=50_000)
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--db", type=Path, help="make the database here (default: a temp dir)")
    args = parser.parse_args()
    folder = tempfile.TemporaryDirectory()
    path = args.db or Path(folder.name) / "hosting.sqlite3"
    store = Store(path)
    start = time.perf_counter()
    make(store, args.players, args.games, args.seed)
    made = time.perf_counter() - start
    print(f"made {args.players:,} players and {args.games:,} games in {made:.1f} s ({path})")
    start = time.perf_counter()
    rated = store.rebuild_ratings()
    rebuild = time.perf_counter() - start
    print(f"full rebuild: {rated:,} rated results in {rebuild:.1f} s (target 30 s)")

    counts = sorted(
        store.db.execute(
            "SELECT who, COUNT(*) FROM result_seats WHERE kind = 'person' GROUP BY who"
        ).fetchall(),
        key=lambda r: r[1],
    )
    typical, busiest = counts[len(counts) // 2], counts[-1]
    viewer = counts[0][0]
    rng = random.Random(args.seed)
    finished = datetime(2030, 1, 1, tzinfo=UTC).isoformat()

    def update() -> None:
        who = [typical[0], busiest[0], computer_identity("hard")]
        seats = [
            SeatResult(
                i,
                w,
                "computer" if w.startswith("computer:") else "person",
                w,
                rng.randint(1, 3),
                "win",
                20,
            )
            for i, w in enumerate(who)
        ]
        table_id = store.add_table(
            "robo-factory",
            who[0],
            None,
            False,
            5,
            [SeatRow(s.seat, s.kind, None, None, None) for s in seats],
        )
        store.add_rated_result(
            table_id,
            "robo-factory",
            finished,
            [],
            seats,
            outcome="finished",
            save_path="/srv/x.toml",
        )

    rows = [
        ("lobby's first screen (results, names)", lambda: (store.results(), store.names()), 150),
        (f"profile, {typical[1]} games", lambda: profiles.profile(store, typical[0], viewer), 50),
        (f"profile, {busiest[1]} games", lambda: profiles.profile(store, busiest[0], viewer), 50),
        (
            "profile, computer:hard",
            lambda: profiles.profile(store, computer_identity("hard"), viewer),
            50,
        ),
        ("leaderboard", lambda: profiles.leaderboard(store, "robo-factory"), 50),
        ("history page", lambda: profiles.history(store, busiest[0], None, 1, viewer), 50),
        ("keep and rate a finished game", update, 10),
    ]
    print(f"{'query':<40} {'median ms':>10} {'max ms':>8} {'target':>7}")
    for name, fn, target in rows:
        fn()  # once first: the games' modules are imported on first use
        median, top = timed(fn, args.repeat)
        print(f"{name:<40} {median:>10.2f} {top:>8.2f} {target:>7}")
    store.close()
    folder.cleanup()


if __name__ == "__main__":
    main()
