// expect: true
// classic: slow
// i grows by 4 from 0: modulo 2^32 it stays a multiple of 4, never 15.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  int i = 0;
  while (i < n) i += 4;
  if (i == 15) reach_error();
  return 0;
}
