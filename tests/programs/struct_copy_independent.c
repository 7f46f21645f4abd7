// expect: true
// struct assignment copies all members including arrays and nested structs
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

struct meta { char tag; short n; };
struct rec { int id; int vals[3]; struct meta m; };

int main(void) {
  struct rec a;
  a.id = __VERIFIER_nondet_int();
  __VERIFIER_assume(a.id > -1000 && a.id < 1000);
  for (int i = 0; i < 3; i++) a.vals[i] = i + a.id;
  a.m.tag = 'q';
  a.m.n = 5;
  int k = __VERIFIER_nondet_int();
  __VERIFIER_assume(k >= 0 && k < 3);
  struct rec b = a;
  b.id++;
  b.vals[k] = 99;
  b.m.n = -1;
  if (a.id + 1 != b.id) reach_error();
  if (a.vals[k] != k + a.id) reach_error();
  if (a.m.n != 5 || b.m.tag != 'q' || b.vals[k] != 99) reach_error();
  struct rec c;
  c = b;
  if (c.id != a.id + 1 || c.m.n != -1 || c.vals[k] != 99) reach_error();
  return 0;
}
