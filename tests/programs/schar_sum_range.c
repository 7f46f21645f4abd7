// expect: true
// signed char addition happens in int; storing back to signed char wraps into [-128,127]
extern void reach_error(void);
extern char __VERIFIER_nondet_char(void);

int main(void) {
  signed char a = __VERIFIER_nondet_char();
  signed char b = __VERIFIER_nondet_char();
  int s = a + b;
  if (s > 254 || s < -256) reach_error();
  signed char t = (signed char)(a + b);
  if (s >= -128 && s <= 127 && t != s) reach_error();
  if (s > 127 && t != s - 256) reach_error();
  if (s < -128 && t != s + 256) reach_error();
  return 0;
}
