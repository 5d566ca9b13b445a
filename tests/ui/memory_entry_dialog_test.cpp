// Adding or editing a memory entry by hand: the dialog says, as the text changes, what saving it
// would do to the store (the store's own rules on its entries), and saves only a change.
#include "memory/MemoryEdit.h"
#include "memory/MemoryEntryDialog.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTest>

using namespace sediment;
using namespace sediment::ui;

namespace {

MemoryOp addOf(const QString& text)
{
    MemoryOp op;
    op.action = QStringLiteral("add");
    op.content = text;
    return op;
}

} // namespace

class MemoryEntryDialogTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void saysTheBudgetAfterSavingOrWhyNotAsTheTextChanges()
    {
        const QStringList entries{QStringLiteral("Deploys happen on Tuesdays.")};
        const MemoryEdit edit(QStringLiteral("memory"), 60);
        MemoryEntryDialog dialog(QStringLiteral("Add to MEMORY.md"), QString(), [&](const QString& text) -> QString {
            const MemoryEdit::Outcome after = edit.apply(addOf(text), entries);
            return after.success ? QStringLiteral("ok: ") + fromStd(after.result.value("usage", std::string()))
                                 : QStringLiteral("no: ") + fromStd(after.result.value("error", std::string()));
        });
        QPushButton* save = dialog.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Save);
        QVERIFY(!save->isEnabled()); // nothing typed, nothing to save
        QCOMPARE(dialog.previewText(), QString());
        dialog.editor()->setPlainText(QStringLiteral("Wrap at 80."));
        QVERIFY(save->isEnabled());
        QVERIFY2(dialog.previewText().startsWith(QLatin1String("ok: ")), qPrintable(dialog.previewText()));
        QVERIFY2(dialog.previewText().contains(QLatin1String("/60 chars")), qPrintable(dialog.previewText()));
        dialog.editor()->setPlainText(QString(50, QLatin1Char('x')));
        QVERIFY2(dialog.previewText().startsWith(QLatin1String("no: Memory at 27/60 chars")),
                 qPrintable(dialog.previewText()));
        dialog.editor()->setPlainText(QStringLiteral("   "));
        QVERIFY(!save->isEnabled());
    }

    void anEditSavesOnlyAChange()
    {
        MemoryEntryDialog dialog(QStringLiteral("Edit"), QStringLiteral("Use tabs."),
                                 [](const QString&) { return QStringLiteral("preview"); });
        QPushButton* save = dialog.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Save);
        QVERIFY(!save->isEnabled());
        dialog.editor()->setPlainText(QStringLiteral("Use spaces."));
        QVERIFY(save->isEnabled());
        QCOMPARE(dialog.previewText(), QStringLiteral("preview"));
        QCOMPARE(dialog.text(), QStringLiteral("Use spaces."));
    }
};

QTEST_MAIN(MemoryEntryDialogTest)
#include "memory_entry_dialog_test.moc"
