// expect: false
// plain char is signed on x86: conversion to int sign-extends, via unsigned char zero-extends
// witness: -56
extern void reach_error(void);
extern char __VERIFIER_nondet_char(void);

int main(void) {
  char c = __VERIFIER_nondet_char();
  int i = c;
  unsigned int u = (unsigned char)c;
  unsigned int w = (unsigned int)c;
  if (i < 0 && u == 200 && w == 4294967240u) reach_error();
  return 0;
}
