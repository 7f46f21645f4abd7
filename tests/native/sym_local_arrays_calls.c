// expect: true
// paths: 3
// local arrays of called functions indexed by an input: each call's frame
// registers its arrays and forgets them at its return
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
static int pick(unsigned k) {
  int t[6] = {3, 1, 4, 1, 5, 9};
  return t[k];
}
static int poke(unsigned k, int v) {
  int u[6] = {0};
  u[k] = v;
  int s = 0;
  for (int q = 0; q < 6; q++) s += u[q];
  return s;
}
int main(void) {
  unsigned k = (unsigned)__VERIFIER_nondet_int() % 6u;
  int a = pick(k);
  int b = poke(k, a);
  if (b != a) reach_error();
  int c = pick((k + 1) % 6u);
  if (k == 1 && c != 4) reach_error();
  if (k == 4 && c != 9) reach_error();
  return 0;
}
