static void * _taskFunc4(void * __tdata2)
{
        struct __taskenv__0 {
        int (*m);
        int j;
        int (*arry)[10];
        int &ref;
        __taskenv__0 ( int &ref ) : ref(ref) { }
        } ;
        struct __taskenv__0 * _tenv1 = ( struct __taskenv__0 *) __tdata2;
        int (*m) = _tenv1->m;
        int j = _tenv1->j;
        int (*arry)[10] = _tenv1->arry;
        int &ref = _tenv1->ref;
        {
            ( *arry);
           ref++;
           int local_j = j;
            ( *m);
        }
}
void outlining_example(void)
{
        int m,j;
        int &ref=m;
        int arry[10];

        {
               struct __taskenv__0 {
                       int (*m);
                       int j;
                       int (*arry)[10];
                       int &ref;
                       __taskenv__0 ( int &ref ) : ref(ref) { }
               } * _tenv1;

               _tenv1 = new __taskenv__0( ref);
               _tenv1->m = &m;
               _tenv1->j = j;
               _tenv1->arry = &arry;
               _taskFunc4(_tenv1);
        }
}
