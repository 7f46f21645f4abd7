// expect: false
// comparing input characters against a static string with early break
// witness: 107 101 121
extern void reach_error(void);
extern char __VERIFIER_nondet_char(void);

static const char key[] = "key";

int main(void) {
  char in[4];
  for (int i = 0; i < 3; i++) in[i] = __VERIFIER_nondet_char();
  in[3] = 0;
  int ok = 1;
  for (int i = 0; i < 3; i++) {
    if (in[i] != key[i]) { ok = 0; break; }
  }
  if (ok) reach_error();
  return 0;
}
