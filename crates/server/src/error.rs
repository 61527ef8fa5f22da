//! API errors: an HTTP status and `{"error":{"kind","rule"?,"en","ru"}}`.

use crate::storage::StorageError;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use sandtable_core::{DataError, DataErrors, Refusal, Text};
use serde_json::json;

/// A refused request. It changed nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    /// HTTP status.
    pub status: StatusCode,
    /// Machine-readable kind (see docs/server.md).
    pub kind: &'static str,
    /// The rule broken, for `illegal`.
    pub rule: Option<String>,
    /// Why, in English and Russian.
    pub text: Text,
    /// For `scenario`: every problem of the scenario file, each with its
    /// file, line and key.
    pub problems: Vec<DataError>,
}

impl ApiError {
    /// An error of `kind` with status `status`.
    pub fn new(status: StatusCode, kind: &'static str, en: impl Into<String>, ru: impl Into<String>) -> ApiError {
        ApiError { status, kind, rule: None, text: Text::new(en.into(), ru.into()), problems: Vec::new() }
    }
    /// A scenario file that is not playable: `scenario`, 400, every problem
    /// listed (also one a line in `en`/`ru`).
    pub fn scenario(e: DataErrors) -> ApiError {
        let lines = |lang: &str| e.lines_in(lang).join("\n");
        let mut a = ApiError::new(
            StatusCode::BAD_REQUEST,
            "scenario",
            format!("the scenario file is not playable:\n{}", lines("en")),
            format!("файл сценария непригоден для игры:\n{}", lines("ru")),
        );
        a.problems = e.0;
        a
    }
    /// The body is not JSON of the expected shape.
    pub fn json(e: impl std::fmt::Display) -> ApiError {
        ApiError::new(
            StatusCode::BAD_REQUEST,
            "json",
            format!("malformed request: {e}"),
            format!("неверный запрос: {e}"),
        )
    }
    /// The query string is missing a parameter or has one of the wrong type.
    pub fn query(e: impl std::fmt::Display) -> ApiError {
        ApiError::new(
            StatusCode::BAD_REQUEST,
            "query",
            format!("malformed query: {e}"),
            format!("неверные параметры запроса: {e}"),
        )
    }
    /// The game has as many open WebSockets as it may.
    pub fn busy(max: usize) -> ApiError {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "busy",
            format!("this game already has {max} open pages; close one and try again"),
            format!("у этой партии уже открыто {max} страниц; закройте одну и попробуйте снова"),
        )
    }
    /// The game's copy in memory was dropped while the request waited for
    /// it (a failed write); asking again loads it afresh.
    pub fn reloading() -> ApiError {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "storage",
            "the game is being reloaded from storage; nothing was applied, try again",
            "партия перезагружается из хранилища; ничего не применено, попробуйте ещё раз",
        )
    }
    /// The body is over the size limit.
    pub fn too_large(limit: usize) -> ApiError {
        ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "too_large",
            format!("request over {limit} bytes"),
            format!("запрос длиннее {limit} байт"),
        )
    }
    /// No such token (or not a token at all).
    pub fn no_token() -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, "no_token", "no game opens with this link", "по этой ссылке нет партии")
    }
    /// The token's role may not do this.
    pub fn forbidden(en: impl Into<String>, ru: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::FORBIDDEN, "forbidden", en, ru)
    }
    /// The submission was made against an older version.
    pub fn stale(sent: u64, now: u64) -> ApiError {
        ApiError::new(
            StatusCode::CONFLICT,
            "stale",
            format!("the game has moved on (you sent version {sent}, it is at {now}); nothing was applied"),
            format!("партия уже изменилась (ваша версия {sent}, текущая {now}); ничего не применено"),
        )
    }
    /// The invite was claimed already, at `at` (Unix seconds).
    pub fn claimed(at: i64) -> ApiError {
        let when = utc(at);
        ApiError::new(
            StatusCode::CONFLICT,
            "claimed",
            format!("this seat was already taken (at {when}); if not by you, tell the game's creator"),
            format!("это место уже занято ({when}); если не вами — сообщите создателю партии"),
        )
    }
    /// The caller is over its request rate.
    pub fn rate() -> ApiError {
        ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "rate",
            "too many requests; wait a moment",
            "слишком много запросов; подождите",
        )
    }
    /// A storage failure.
    pub fn storage(e: &StorageError) -> ApiError {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "storage",
            format!("{e}; nothing was applied"),
            format!("ошибка хранилища: {e}; ничего не применено"),
        )
    }
    /// A bot that does not parse (`bot`, 400), for `seat`: the parse
    /// error's text, which lists the bots there are.
    pub fn bot(seat: &str, e: &Text) -> ApiError {
        ApiError::new(
            StatusCode::BAD_REQUEST,
            "bot",
            format!("seat {seat:?}: {}", e.en),
            format!("место {seat:?}: {}", e.ru),
        )
    }
    /// A bot named for a seat a person is to play (`bot`, 400).
    pub fn bot_for_person(seat: &str, choice: &str, bot: sandtable_ai::BotSpec) -> ApiError {
        ApiError::new(
            StatusCode::BAD_REQUEST,
            "bot",
            format!("seat {seat:?} is played by a person ({choice:?}), yet given the bot {bot}: choose one"),
            format!("за место {seat:?} играет человек ({choice:?}), но ему назначен бот {bot}: выберите одно"),
        )
    }
    /// The rules or the notation refused an action.
    pub fn refusal(r: Refusal) -> ApiError {
        match r {
            Refusal::Parse(p) => ApiError {
                status: StatusCode::UNPROCESSABLE_ENTITY,
                kind: "parse",
                rule: None,
                text: Text::new(
                    format!("cannot read {:?}: {}", p.input, p.text.en),
                    format!("не разобрать {:?}: {}", p.input, p.text.ru),
                ),
                problems: Vec::new(),
            },
            Refusal::Illegal(i) => ApiError {
                status: StatusCode::UNPROCESSABLE_ENTITY,
                kind: "illegal",
                rule: Some(i.rule.into_owned()),
                text: i.text,
                problems: Vec::new(),
            },
        }
    }
}

impl From<StorageError> for ApiError {
    fn from(e: StorageError) -> ApiError {
        ApiError::storage(&e)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut error = json!({"kind": self.kind, "en": self.text.en, "ru": self.text.ru});
        if let Some(rule) = self.rule {
            error["rule"] = json!(rule);
        }
        if !self.problems.is_empty() {
            error["problems"] = json!(self.problems);
        }
        (self.status, Json(json!({ "error": error }))).into_response()
    }
}

/// `at` (Unix seconds) as `YYYY-MM-DD HH:MM UTC`.
pub fn utc(at: i64) -> String {
    let (days, secs) = (at.div_euclid(86_400), at.rem_euclid(86_400));
    // Civil date from days since 1970-01-01 (H. Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02} {:02}:{:02} UTC", secs / 3600, secs % 3600 / 60)
}

#[cfg(test)]
mod tests {
    #[test]
    fn utc_dates() {
        assert_eq!(super::utc(0), "1970-01-01 00:00 UTC");
        assert_eq!(super::utc(951_782_400), "2000-02-29 00:00 UTC");
        assert_eq!(super::utc(1_700_000_000), "2023-11-14 22:13 UTC");
    }
}
