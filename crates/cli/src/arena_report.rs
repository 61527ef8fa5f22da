//! The arena's report for people who would rather look than read: a small
//! HTML page with SVG charts drawn by `plotters` — win rate by bot and by
//! side (with their 95% intervals), game length, and the game's own
//! measures (VP, escapes…) averaged over the games as play goes on.

use plotters::prelude::*;
use sandtable_ai::{ArenaReport, MEASURE_EVERY};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// Chart size in pixels.
const SIZE: (u32, u32) = (760, 380);
/// Bar colours, one per bot (Okabe–Ito: told apart by colour-blind readers too).
const PALETTE: [RGBColor; 6] = [
    RGBColor(0, 114, 178),
    RGBColor(230, 159, 0),
    RGBColor(0, 158, 115),
    RGBColor(204, 121, 167),
    RGBColor(86, 180, 233),
    RGBColor(213, 94, 0),
];

/// A chart that could not be drawn.
fn chart_error(e: impl std::fmt::Display) -> std::io::Error {
    std::io::Error::other(format!("chart: {e}"))
}

/// Writes `dir/index.html` and its charts (`dir/*.svg`) for `report`;
/// returns the page's path. Cost: O(games × measures).
///
/// # Errors
/// The directory or a file could not be written.
pub fn write(report: &ArenaReport, dir: &Path) -> std::io::Result<PathBuf> {
    std::fs::create_dir_all(dir)?;
    let chart = |file: &str, title: &str| (file.to_owned(), title.to_owned());
    let mut charts =
        vec![chart("bots.svg", "Win rate by bot, 95% interval"), chart("sides.svg", "Win rate by side and bot")];
    win_rate_by_bot(report, &dir.join("bots.svg"))?;
    win_rate_by_side(report, &dir.join("sides.svg"))?;
    if !report.played.is_empty() {
        game_length(report, &dir.join("length.svg"))?;
        charts.push(chart("length.svg", "Game length (decisions)"));
    }
    let mut measures: Vec<&String> = report.played.iter().flat_map(|g| g.measures.keys()).collect();
    measures.sort();
    measures.dedup();
    for (i, name) in measures.iter().enumerate() {
        let file = format!("measure-{i}.svg");
        measure(report, name, &dir.join(&file))?;
        charts.push((file, format!("{name}: mean over games")));
    }
    let page = dir.join("index.html");
    std::fs::write(&page, html(report, &charts))?;
    Ok(page)
}

fn html(r: &ArenaReport, charts: &[(String, String)]) -> String {
    let esc = |s: &str| s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;");
    let mut h = String::new();
    let _ = write!(
        h,
        "<!doctype html><meta charset=utf-8><title>Arena: {game}</title>\
         <style>body{{font:15px system-ui,sans-serif;max-width:800px;margin:1em auto;padding:0 1em}}\
         table{{border-collapse:collapse}}td,th{{padding:2px 8px;text-align:right}}td:first-child,th:first-child{{text-align:left}}\
         img{{max-width:100%}}</style>\
         <h1>Arena: {game}</h1><p>Scenario {scenario}, seed {seed}, {n} of {total} games (shards {shards}), \
         mean length {len:.1} decisions, {fail} failures.</p>",
        game = esc(&r.game),
        scenario = esc(&r.scenario),
        seed = r.seed,
        n = r.played.len(),
        total = r.games,
        shards = esc(&r.shards.join(", ")),
        len = r.mean_length,
        fail = r.failures.len()
    );
    h.push_str("<table><tr><th>bot<th>games<th>wins<th>win rate<th>95% interval<th>Elo<th>s/game</tr>");
    for b in &r.bots {
        let _ = write!(
            h,
            "<tr><td>{}<td>{}<td>{}<td>{:.1}%<td>{:.1}–{:.1}%<td>{:.0}<td>{:.2}</tr>",
            esc(&b.name),
            b.games,
            b.wins,
            100.0 * b.win_rate,
            100.0 * b.interval[0],
            100.0 * b.interval[1],
            b.elo,
            b.mean_seconds_per_game
        );
    }
    h.push_str("</table><table><tr><th>side<th>games<th>wins<th>win rate<th>95% interval</tr>");
    for s in &r.sides {
        let _ = write!(
            h,
            "<tr><td>{}<td>{}<td>{}<td>{:.1}%<td>{:.1}–{:.1}%</tr>",
            esc(&s.seat),
            s.games,
            s.wins,
            100.0 * s.win_rate,
            100.0 * s.interval[0],
            100.0 * s.interval[1]
        );
    }
    h.push_str("</table>");
    for (file, title) in charts {
        let _ = write!(h, "<h2>{}</h2><img src=\"{}\" alt=\"{}\">", esc(title), esc(file), esc(title));
    }
    h
}

/// Bars with error bars: one per (label, rate, interval), coloured by `colour`.
fn bars(path: &Path, caption: &str, bars: &[(String, f64, [f64; 2], RGBColor)]) -> std::io::Result<()> {
    let root = SVGBackend::new(path, SIZE).into_drawing_area();
    root.fill(&WHITE).map_err(chart_error)?;
    let n = bars.len().max(1);
    let mut chart = ChartBuilder::on(&root)
        .caption(caption, ("sans-serif", 20))
        .margin(12)
        .x_label_area_size(60)
        .y_label_area_size(50)
        .build_cartesian_2d((0..n).into_segmented(), 0.0..1.0f64)
        .map_err(chart_error)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .y_desc("win rate")
        .y_label_formatter(&|y| format!("{:.0}%", 100.0 * y))
        .x_labels(n)
        .x_label_formatter(&|x| match x {
            SegmentValue::CenterOf(i) | SegmentValue::Exact(i) => {
                bars.get(*i).map_or_else(String::new, |b| b.0.clone())
            }
            SegmentValue::Last => String::new(),
        })
        .draw()
        .map_err(chart_error)?;
    chart
        .draw_series(bars.iter().enumerate().map(|(i, (_, rate, _, colour))| {
            let mut bar =
                Rectangle::new([(SegmentValue::Exact(i), 0.0), (SegmentValue::Exact(i + 1), *rate)], colour.filled());
            bar.set_margin(0, 0, 12, 12);
            bar
        }))
        .map_err(chart_error)?;
    chart
        .draw_series(bars.iter().enumerate().map(|(i, (_, rate, [lo, hi], _))| {
            ErrorBar::new_vertical(SegmentValue::CenterOf(i), *lo, *rate, *hi, BLACK.filled(), 12)
        }))
        .map_err(chart_error)?;
    root.present().map_err(chart_error)
}

fn win_rate_by_bot(r: &ArenaReport, path: &Path) -> std::io::Result<()> {
    let data: Vec<_> = r
        .bots
        .iter()
        .enumerate()
        .map(|(i, b)| (b.name.clone(), b.win_rate, b.interval, PALETTE[i % PALETTE.len()]))
        .collect();
    bars(path, "Win rate by bot", &data)
}

fn win_rate_by_side(r: &ArenaReport, path: &Path) -> std::io::Result<()> {
    let mut data = Vec::new();
    for side in &r.sides {
        for (i, b) in r.bots.iter().enumerate() {
            let [games, wins] = side.by_bot.get(&b.name).copied().unwrap_or([0, 0]);
            if games > 0 {
                let (rate, interval) = sandtable_ai::rate(wins, games);
                data.push((format!("{} / {}", side.seat, b.name), rate, interval, PALETTE[i % PALETTE.len()]));
            }
        }
    }
    bars(path, "Win rate by side (bar colour: the bot playing it)", &data)
}

fn game_length(r: &ArenaReport, path: &Path) -> std::io::Result<()> {
    let lengths: Vec<usize> = r.played.iter().map(|g| g.decisions).collect();
    let max = lengths.iter().copied().max().unwrap_or(1).max(1);
    let bucket = (max / 30).max(1);
    let buckets = max / bucket + 1;
    let mut counts = vec![0u32; buckets];
    for l in &lengths {
        counts[l / bucket] += 1;
    }
    let top = counts.iter().copied().max().unwrap_or(1);
    let root = SVGBackend::new(path, SIZE).into_drawing_area();
    root.fill(&WHITE).map_err(chart_error)?;
    let mut chart = ChartBuilder::on(&root)
        .caption("Game length", ("sans-serif", 20))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(50)
        .build_cartesian_2d((0..buckets * bucket).into_segmented(), 0..top + 1)
        .map_err(chart_error)?;
    chart.configure_mesh().disable_x_mesh().x_desc("decisions").y_desc("games").draw().map_err(chart_error)?;
    chart
        .draw_series(
            Histogram::vertical(&chart)
                .style(PALETTE[0].filled())
                .margin(1)
                .data(lengths.iter().map(|l| ((l / bucket) * bucket, 1))),
        )
        .map_err(chart_error)?;
    root.present().map_err(chart_error)
}

/// The mean of measure `name` over the games still running, by decision.
fn measure(r: &ArenaReport, name: &str, path: &Path) -> std::io::Result<()> {
    let series: Vec<&Vec<f64>> = r.played.iter().filter_map(|g| g.measures.get(name)).collect();
    let points = series.iter().map(|s| s.len()).max().unwrap_or(0);
    let mean: Vec<(f64, f64)> = (0..points)
        .filter_map(|k| {
            let values: Vec<f64> = series.iter().filter_map(|s| s.get(k).copied()).collect();
            (!values.is_empty()).then(|| ((k * MEASURE_EVERY) as f64, values.iter().sum::<f64>() / values.len() as f64))
        })
        .collect();
    let (lo, hi) = mean.iter().fold((f64::MAX, f64::MIN), |(lo, hi), &(_, y)| (lo.min(y), hi.max(y)));
    let (lo, hi) = if lo <= hi { (lo.min(0.0), hi.max(lo + 1.0)) } else { (0.0, 1.0) };
    let x_max = mean.last().map_or(1.0, |p| p.0.max(1.0));
    let root = SVGBackend::new(path, SIZE).into_drawing_area();
    root.fill(&WHITE).map_err(chart_error)?;
    let mut chart = ChartBuilder::on(&root)
        .caption(format!("{name} (mean over games)"), ("sans-serif", 20))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(50)
        .build_cartesian_2d(0.0..x_max, lo..hi)
        .map_err(chart_error)?;
    chart.configure_mesh().x_desc("decisions").y_desc(name).draw().map_err(chart_error)?;
    chart.draw_series(LineSeries::new(mean, PALETTE[0].stroke_width(2))).map_err(chart_error)?;
    root.present().map_err(chart_error)
}
