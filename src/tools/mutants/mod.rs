//! Mutation testing.
