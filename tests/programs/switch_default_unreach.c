// expect: true
// switch over a 2-bit value covers all cases; the default branch is dead
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);

int main(void) {
  unsigned int x = __VERIFIER_nondet_uint() & 3u;
  int r;
  switch (x) {
  case 0: r = 10; break;
  case 1: r = 20; break;
  case 2: r = 30; break;
  case 3: r = 40; break;
  default:
    reach_error();
    r = 0;
  }
  if (r != 10 * ((int)x + 1)) reach_error();
  return 0;
}
