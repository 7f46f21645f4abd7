// 2^18 loop-free paths: eighteen independent input-dependent branches;
// reach_error is unreachable, so every path is explored (the engine-scale
// figure: peak memory under each searcher).
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int s = 0;
  if (__VERIFIER_nondet_int() > 0) s += 1;
  if (__VERIFIER_nondet_int() > 1) s += 2;
  if (__VERIFIER_nondet_int() > 2) s += 3;
  if (__VERIFIER_nondet_int() > 3) s += 4;
  if (__VERIFIER_nondet_int() > 4) s += 5;
  if (__VERIFIER_nondet_int() > 5) s += 6;
  if (__VERIFIER_nondet_int() > 6) s += 7;
  if (__VERIFIER_nondet_int() > 7) s += 8;
  if (__VERIFIER_nondet_int() > 8) s += 9;
  if (__VERIFIER_nondet_int() > 9) s += 10;
  if (__VERIFIER_nondet_int() > 10) s += 11;
  if (__VERIFIER_nondet_int() > 11) s += 12;
  if (__VERIFIER_nondet_int() > 12) s += 13;
  if (__VERIFIER_nondet_int() > 13) s += 14;
  if (__VERIFIER_nondet_int() > 14) s += 15;
  if (__VERIFIER_nondet_int() > 15) s += 16;
  if (__VERIFIER_nondet_int() > 16) s += 17;
  if (__VERIFIER_nondet_int() > 17) s += 18;
  if (s > 171) reach_error();
  return 0;
}
