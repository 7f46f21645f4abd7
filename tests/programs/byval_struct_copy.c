// expect: true
// a struct passed by value is a copy: the callee's writes do not reach the caller
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct big { int a[6]; };
int mutate(struct big b) { b.a[0] = 99; return b.a[0]; }
int main(void) {
  struct big s;
  int k = __VERIFIER_nondet_int();
  for (int i = 0; i < 6; i++) s.a[i] = k;
  int r = mutate(s);
  if (s.a[0] == 99 && k != 99) reach_error();
  return r == 99 ? 0 : 1;
}
