// expect: true
// lazy initialisation guarded by a static flag runs exactly once; static buffer persists
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

int init_calls = 0;

static int *get_buf(void) {
  static int initialized = 0;
  static int buf[4];
  if (!initialized) {
    initialized = 1;
    init_calls++;
    for (int i = 0; i < 4; i++) buf[i] = i + 1;
  }
  return buf;
}

int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 1 && n <= 6);
  for (int i = 0; i < n; i++) {
    int *b = get_buf();
    b[i % 4] += 10;
  }
  if (init_calls != 1) reach_error();
  int *b = get_buf();
  if (b != get_buf()) reach_error();
  if (b[0] != 1 + 10 * ((n + 3) / 4)) reach_error();
  if (init_calls != 1) reach_error();
  return 0;
}
