//! Lab texts are Markdown (written by course authors, bundled with the build); pulldown-cmark
//! turns them into HTML for the steps pane.

use yew::prelude::*;

pub fn render(markdown: &str) -> Html {
    let mut out = String::new();
    pulldown_cmark::html::push_html(&mut out, pulldown_cmark::Parser::new(markdown));
    Html::from_html_unchecked(AttrValue::from(out))
}
