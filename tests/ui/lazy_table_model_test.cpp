// LazyTableModel, the skeleton of every table in ui/, through a small table over an in-memory
// store: rows read a page at a time, failures reported, a gone row leaving its place empty,
// resets around a filter and a refresh, a re-sort that keeps persistent indexes on their key.
#include "shared/LazyTableModel.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

#include <algorithm>

using namespace sediment;
using namespace sediment::ui;

namespace {

struct Note {
    qint64 id = 0;
    QString text;
};

// What a repository would be: notes by id, and a log of the pages read from it.
struct NoteStore {
    std::vector<Note> notes;
    bool failing = false;
    std::vector<std::pair<int, int>> pagesRead; // (first row, rows spanned)

    explicit NoteStore(int n)
    {
        for (int i = 1; i <= n; ++i)
            notes.push_back({i, QStringLiteral("note %1").arg(i)});
    }

    void remove(qint64 id)
    {
        std::erase_if(notes, [id](const Note& n) { return n.id == id; });
    }
};

// The notes as a lazy table keyed by id: the ids under a filter (ids of at least `minimum`) and
// an order, rows read by id, a note gone since its id was read giving no row.
class NoteTableModel final : public LazyTableModel {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(NoteTableModel)

public:
    explicit NoteTableModel(NoteStore& store) : LazyTableModel(1, nullptr), m_store(store) { reload(); }

    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override
    {
        if (!checkIndex(index, CheckIndexOption::IndexIsValid) || role != Qt::DisplayRole)
            return {};
        const Note* n = noteAt(index.row());
        return n && n->id ? QVariant(n->text) : QVariant();
    }

    const Note* noteAt(int row) const
    {
        return pagedRow(m_rows, row, [this](int first, int count) {
            m_store.pagesRead.emplace_back(first, count);
            const std::vector<qint64> ids(m_ids.begin() + first, m_ids.begin() + first + count);
            return placeByKey(ids, readNotes(ids), &Note::id, [](qint64) { return Note{}; });
        });
    }

    void setMinimum(qint64 minimum)
    {
        resetWith([&] { m_minimum = minimum; });
    }

    void setDescending(bool descending)
    {
        reorder(
            [&] {
                m_descending = descending;
                reload();
            },
            [this](int row) { return m_ids[size_t(row)]; });
    }

    int rowOf(qint64 id) const
    {
        const auto it = std::find(m_ids.begin(), m_ids.end(), id);
        return it == m_ids.end() ? -1 : int(it - m_ids.begin());
    }

private:
    int keyCount() const override { return int(m_ids.size()); }

    void readKeys() override
    {
        m_ids.clear();
        if (m_store.failing) {
            reportError(QStringLiteral("the store is gone"));
            return;
        }
        for (const Note& n : m_store.notes)
            if (n.id >= m_minimum)
                m_ids.push_back(n.id);
        if (m_descending)
            std::reverse(m_ids.begin(), m_ids.end());
    }

    void dropRows() override { m_rows.clear(); }
    QVariant columnTitle(int) const override { return QStringLiteral("Note"); }

    Result<std::vector<Note>> readNotes(const std::vector<qint64>& ids) const
    {
        if (m_store.failing)
            return fail(Error::io(QStringLiteral("the store is gone")));
        std::vector<Note> found;
        for (qint64 id : ids)
            for (const Note& n : m_store.notes)
                if (n.id == id)
                    found.push_back(n);
        return found;
    }

    NoteStore& m_store;
    std::vector<qint64> m_ids;
    qint64 m_minimum = 0;
    bool m_descending = false;
    mutable RowPages<Note> m_rows{3};
};

QString text(const NoteTableModel& model, int row) { return model.data(model.index(row, 0)).toString(); }

} // namespace

class LazyTableModelTest final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void countsTheKeysAndNothingUnderAParent()
    {
        NoteStore store(300);
        NoteTableModel model(store);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 300);
        QCOMPARE(model.columnCount(), 1);
        QCOMPARE(model.rowCount(model.index(0, 0)), 0);
        QCOMPARE(model.columnCount(model.index(0, 0)), 0);
        QCOMPARE(model.headerData(0, Qt::Horizontal).toString(), QStringLiteral("Note"));
    }

    void readsRowsAPageAtATimeWhenTheViewAsks()
    {
        NoteStore store(300);
        NoteTableModel model(store);
        QVERIFY(store.pagesRead.empty());
        QCOMPARE(text(model, 0), QStringLiteral("note 1"));
        QCOMPARE(text(model, LazyTableModel::kPageSize - 1), QStringLiteral("note 128"));
        QCOMPARE(store.pagesRead.size(), size_t(1));
        QCOMPARE(text(model, 299), QStringLiteral("note 300"));
        // The last page spans only the rows the keys name.
        QCOMPARE(store.pagesRead.back(), std::make_pair(2 * LazyTableModel::kPageSize, 300 - 2 * 128));
        QVERIFY(!model.noteAt(300));
        QVERIFY(!model.noteAt(-1));
        QCOMPARE(store.pagesRead.size(), size_t(2));
    }

    void keepsOnlyItsPagesDroppingTheLeastRecentlyUsed()
    {
        NoteStore store(5 * LazyTableModel::kPageSize);
        NoteTableModel model(store);
        for (int page : {0, 1, 2, 0, 3}) // page 1 is the least recently used when 3 comes
            (void)text(model, page * LazyTableModel::kPageSize);
        QCOMPARE(store.pagesRead.size(), size_t(4));
        (void)text(model, 0);
        QCOMPARE(store.pagesRead.size(), size_t(4));
        (void)text(model, LazyTableModel::kPageSize);
        QCOMPARE(store.pagesRead.size(), size_t(5));
    }

    void reportsAFailedReadAndShowsNoRow()
    {
        NoteStore store(10);
        NoteTableModel model(store);
        QSignalSpy errors(&model, &LazyTableModel::errorOccurred);
        store.failing = true;
        QVERIFY(!model.data(model.index(3, 0)).isValid());
        QCOMPARE(errors.size(), 1);
        QCOMPARE(errors.front().front().toString(), QStringLiteral("the store is gone"));
        // Nothing was cached: the page is read again once the store is back.
        store.failing = false;
        QCOMPARE(text(model, 3), QStringLiteral("note 4"));
    }

    void aRowGoneSinceItsKeyWasReadLeavesItsPlaceEmpty()
    {
        NoteStore store(10);
        NoteTableModel model(store);
        store.remove(4);
        QCOMPARE(model.rowCount(), 10);
        QCOMPARE(text(model, 2), QStringLiteral("note 3"));
        QVERIFY(!model.data(model.index(3, 0)).isValid());
        QCOMPARE(text(model, 4), QStringLiteral("note 5"));
        QCOMPARE(text(model, 9), QStringLiteral("note 10"));
    }

    void aNewFilterResetsAndReadsTheKeysAgain()
    {
        NoteStore store(10);
        NoteTableModel model(store);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
        (void)text(model, 0);
        model.setMinimum(6);
        QCOMPARE(resets.size(), 1);
        QCOMPARE(model.rowCount(), 5);
        QCOMPARE(text(model, 0), QStringLiteral("note 6"));
        QCOMPARE(store.pagesRead.size(), size_t(2)); // the cached page was of the old keys
    }

    void refreshReadsTheKeysAgainAndSaysItReset()
    {
        NoteStore store(10);
        NoteTableModel model(store);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        store.notes.push_back({11, QStringLiteral("note 11")});
        QVERIFY(model.refresh());
        QCOMPARE(model.rowCount(), 11);
        QCOMPARE(text(model, 10), QStringLiteral("note 11"));
        QSignalSpy errors(&model, &LazyTableModel::errorOccurred);
        store.failing = true;
        QVERIFY(model.refresh());
        QCOMPARE(model.rowCount(), 0);
        QCOMPARE(errors.size(), 1);
    }

    void reloadRowsKeepsTheKeysAndReadsTheRowsAgain()
    {
        NoteStore store(10);
        NoteTableModel model(store);
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        QCOMPARE(text(model, 0), QStringLiteral("note 1"));
        store.notes.front().text = QStringLiteral("edited");
        model.reloadRows();
        QCOMPARE(changed.size(), 1);
        QCOMPARE(changed.front().at(1).toModelIndex(), model.index(9, 0));
        QCOMPARE(text(model, 0), QStringLiteral("edited"));
        QCOMPARE(model.rowCount(), 10);
    }

    void reorderingKeepsPersistentIndexesOnTheirKey()
    {
        NoteStore store(300);
        NoteTableModel model(store);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
        const QPersistentModelIndex seventh(model.index(6, 0));
        const QPersistentModelIndex last(model.index(299, 0));
        model.setDescending(true);
        QCOMPARE(resets.size(), 0);
        QCOMPARE(seventh.row(), 293);
        QCOMPARE(last.row(), 0);
        QCOMPARE(text(model, seventh.row()), QStringLiteral("note 7"));
        model.setDescending(false);
        QCOMPARE(seventh.row(), 6);
        QCOMPARE(last.row(), 299);
        QCOMPARE(model.rowOf(300), 299);
    }
};

QTEST_GUILESS_MAIN(LazyTableModelTest)
#include "lazy_table_model_test.moc"
