// expect: unknown
// timeout: 2
// an endless loop reading inputs: the verdict (unknown, timeout) comes by T + 0.7 s
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int s = 0;
  while (1) {
    int x = __VERIFIER_nondet_int();
    if (x > 3) s++;
    if (s < 0) reach_error();
  }
}
