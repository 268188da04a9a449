//! Closed sets of words: the values a config key or a command-line option takes.

/// A closed set of words a config value must be one of. The words are the enum's own
/// names (strum), so the config, the command line and the messages spell them alike.
pub trait Choice:
    Sized + Copy + PartialEq + 'static + strum::IntoEnumIterator + Into<&'static str>
{
    fn name(self) -> &'static str {
        self.into()
    }

    /// Every word, in the enum's order.
    fn names() -> Vec<&'static str> {
        Self::iter().map(Choice::name).collect()
    }

    /// The value a word names, ignoring case and surrounding space.
    fn from_name(word: &str) -> Option<Self> {
        Self::iter().find(|v| v.name().eq_ignore_ascii_case(word.trim()))
    }
}
