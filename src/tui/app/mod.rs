//! What every feature shares: the one `Model`, the messages that reach `update` (`Msg`), the
//! effects it asks for (`Effect`), and `update` itself, which hands each message to the
//! feature it belongs to.

pub mod dataset;
pub mod effect;
pub mod generation;
pub mod model;
pub mod msg;
pub mod scroll;
pub mod step;
pub mod update;
