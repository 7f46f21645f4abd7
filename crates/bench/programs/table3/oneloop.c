// OneLoop (loop navigation paper, Section 4): i grows by 4 from 0 while
// below an input; i == 15 afterwards is impossible.
// expect: true
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  int i = 0;
  while (i < n) i += 4;
  if (i == 15) reach_error();
  return 0;
}
