extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  for (int i = 0; i < 3; i++) total += x;   /* 'total' is never declared */
  if (total == 9) reach_error();
  return 0;
}
