//! Rule text
