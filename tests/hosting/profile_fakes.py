"""What a host answers for profiles and leaderboards, made up for the screens' tests: a
hostile name, a wide (CJK) name and every part of a profile."""

from __future__ import annotations

from typing import Any

GAMES = [
    ("robot-master", "Robot Master"),
    ("robo-factory", "Robo Factory"),
    ("roborally", "RoboRally"),
    ("stak-bots", "Stak Bots"),
]


def game_row(table: int, outcome: str, rank: int, change: int | None) -> dict[str, Any]:
    return {
        "table": table,
        "game": "robot-master",
        "game_name": "Robot Master",
        "finished": f"2026-11-{10 + table % 18:02d} 20:15",
        "outcome": outcome,
        "rank": rank,
        "seats": 2,
        "rated": change is not None,
        "change": change,
    }


def profile_msg() -> dict[str, Any]:
    return {
        "type": "profile",
        "who": "Anna\x1b[31m",
        "name": "Anna\x1b[31m",
        "computer": False,
        "you": False,
        "games": [
            {
                "game": "robot-master",
                "game_name": "Robot Master",
                "played": 24,
                "won": 15,
                "rated_games": 24,
                "rating": 1540,
                "spread": 118,
                "place": "between normal and hard",
                "changes": [12, -9, 15, 7, -11],
            },
            {
                "game": "stak-bots",
                "game_name": "Stak Bots",
                "played": 3,
                "won": 1,
                "rated_games": 0,
                "rating": None,
                "spread": None,
                "place": "",
                "changes": [],
            },
        ],
        "recent": [
            game_row(31, "win", 1, 12),
            game_row(30, "loss", 2, -9),
            game_row(29, "resigned", 2, None),
        ],
        "rivals": [
            {"name": "山田太郎さん", "games": 9, "won": 5, "lost": 4, "drawn": 0},
            {"name": "Bob", "games": 3, "won": 1, "lost": 1, "drawn": 1},
        ],
    }


def history_msg(page: int, pages: int) -> dict[str, Any]:
    return {
        "type": "history",
        "who": "Anna",
        "name": "Anna",
        "game": None,
        "page": page,
        "pages": pages,
        "rows": [game_row(40 - page * 3 - i, "win", 1, 5) for i in range(3)],
    }


def leaderboard_msg(game: str = "robot-master", name: str = "Robot Master") -> dict[str, Any]:
    people = [("Anna", 1712, 98, 40), ("山田太郎さん", 1650, 120, 18), ("Bob\x07", 1402, 150, 6)]
    rows = [
        {
            "place": i + 1,
            "who": who if "\x07" not in who else "Bob",
            "name": who,
            "rating": rating,
            "spread": spread,
            "games": games,
            "computer": False,
            "you": who == "Bob\x07",
        }
        for i, (who, rating, spread, games) in enumerate(people)
    ]
    rows.insert(
        1,
        {
            "place": 2,
            "who": "computer:hard",
            "name": "Computer (hard)",
            "rating": 1690,
            "spread": 60,
            "games": 120,
            "computer": True,
            "you": False,
        },
    )
    for i, row in enumerate(rows):
        row["place"] = i + 1
    return {"type": "leaderboard", "game": game, "game_name": name, "min_games": 5, "rows": rows}
