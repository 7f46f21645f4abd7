// Table 1 "string scan for one word" (Hello): the input text must contain
// "hello" at an input-chosen position.
extern void reach_error(void);
extern char __VERIFIER_nondet_char(void);
#define N 24
int main(void) {
  char t[N];
  for (int i = 0; i < N; i++) t[i] = __VERIFIER_nondet_char();
  for (int i = 0; i + 5 <= N; i++)
    if (t[i] == 'h' && t[i + 1] == 'e' && t[i + 2] == 'l' && t[i + 3] == 'l' && t[i + 4] == 'o') {
      if (i == 11) reach_error();
    }
  return 0;
}
