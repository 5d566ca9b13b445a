#include "inbox/PatchEditor.h"
#include "model/Destination.h"

#include "shared/CtrlReturn.h"
#include "shared/Tones.h"

#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace sediment::ui {

namespace {

struct Spec {
    const char* key;
    const char* label;
    bool json;
};

// Which fields of an op a reviewer edits, by destination and action. Anything else (a batch)
// is edited as the whole op's JSON.
std::vector<Spec> specsFor(const QString& d, const Json& op)
{
    const std::string action = op.value("action", std::string());
    const std::string mode = op.value("mode", std::string());
    if (isWord(d, Destination::Memory) || isWord(d, Destination::User)) {
        if (action == "add")
            return {{"content", QT_TRANSLATE_NOOP("PatchEditor", "Entry"), false}};
        if (action == "replace")
            return {{"old_text", QT_TRANSLATE_NOOP("PatchEditor", "Replaces the entry containing"), false},
                    {"content", QT_TRANSLATE_NOOP("PatchEditor", "New entry"), false}};
        if (action == "remove")
            return {{"old_text", QT_TRANSLATE_NOOP("PatchEditor", "Removes the entry containing"), false}};
    } else if (isWord(d, Destination::Skill) && !op.contains("mode")) {
        // A staged Hermes skill write: the fields skill_manage takes for its action.
        if (action == "create" || action == "edit")
            return {{"content", "SKILL.md", false}};
        if (action == "patch")
            return {{"old_string", QT_TRANSLATE_NOOP("PatchEditor", "Text to find"), false},
                    {"new_string", QT_TRANSLATE_NOOP("PatchEditor", "Replacement"), false}};
        if (action == "write_file")
            return {{"file_path", QT_TRANSLATE_NOOP("PatchEditor", "File in the skill"), false},
                    {"file_content", QT_TRANSLATE_NOOP("PatchEditor", "Content"), false}};
    } else if (op.contains("tool") && (isWord(d, Destination::ClaudeMd) || isWord(d, Destination::ClaudeMemory))) {
        // Claude Code's own write: the text it would write, or its edit.
        const std::string tool = op.value("tool", std::string());
        if (tool == "Write")
            return {{"content", QT_TRANSLATE_NOOP("PatchEditor", "Content"), false}};
        if (tool == "Edit")
            return {{"old_string", QT_TRANSLATE_NOOP("PatchEditor", "Text to find"), false},
                    {"new_string", QT_TRANSLATE_NOOP("PatchEditor", "Replacement"), false}};
    } else if (isWord(d, Destination::ClaudeMd) || (isWord(d, Destination::Skill) && mode == "patch")) {
        return {{"before", QT_TRANSLATE_NOOP("PatchEditor", "Text to replace (empty: append)"), false},
                {"after", QT_TRANSLATE_NOOP("PatchEditor", "Replacement"), false}};
    } else if (isWord(d, Destination::SettingsJson)) {
        return {{"patch", QT_TRANSLATE_NOOP("PatchEditor", "JSON merge patch"), true}};
    } else if (isWord(d, Destination::Skill)) {
        return {{"text", "SKILL.md", false}};
    } else if (isWord(d, Destination::BrainInbox) || isWord(d, Destination::ChantierOutil)) {
        return {{"title", QT_TRANSLATE_NOOP("PatchEditor", "Title"), false},
                {"text", QT_TRANSLATE_NOOP("PatchEditor", "Text"), false}};
    }
    return {{"", QT_TRANSLATE_NOOP("PatchEditor", "Operation (JSON)"), true}};
}

} // namespace

PatchEditor::PatchEditor(const InboxItem& item, QWidget* parent)
    : QDialog(parent)
    , m_id(item.id)
    , m_op(item.effectiveOp())
{
    setObjectName(QStringLiteral("patchEditor"));
    setWindowTitle(tr("Edit and apply #%1").arg(item.id));
    auto* layout = new QVBoxLayout(this);
    auto* intro = new QLabel(tr("Edit the %1 proposal, then apply it. The original "
                                "stays on record beside your version.")
                                 .arg(item.destination),
                             this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    for (const Spec& spec : specsFor(item.destination, m_op)) {
        Field f;
        f.key = QString::fromLatin1(spec.key);
        f.json = spec.json;
        f.edit = new QPlainTextEdit(this);
        f.edit->setObjectName(f.key.isEmpty() ? QStringLiteral("op") : f.key);
        f.edit->setTabChangesFocus(!spec.json);
        const Json value = f.key.isEmpty() ? m_op : m_op.value(spec.key, Json());
        if (spec.json) {
            f.edit->setFont(mono);
            f.edit->setPlainText(fromStd(value.is_null() ? std::string("{}") : value.dump(2)));
        } else {
            f.edit->setPlainText(value.is_string() ? fromStd(value.get<std::string>()) : QString());
        }
        layout->addWidget(new QLabel(tr(spec.label), this));
        layout->addWidget(f.edit, 1);
        m_fields.push_back(f);
    }
    m_error = new QLabel(this);
    m_error->setObjectName(QStringLiteral("patchError"));
    m_error->setWordWrap(true);
    m_error->hide();
    applyColors();
    layout->addWidget(m_error);
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("Apply edited"));
    pressOnCtrlReturn(this, m_buttons->button(QDialogButtonBox::Ok));
    layout->addWidget(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, [this] {
        auto op = editedOp();
        if (!op) {
            showError(op.error().message);
            return;
        }
        m_error->hide();
        Q_EMIT submitted(*op);
    });
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    resize(620, 460);
    if (!m_fields.empty())
        m_fields.back().edit->setFocus();
    Tones::follow(this, [this] { applyColors(); });
}

QPlainTextEdit* PatchEditor::editor(const QString& key) const
{
    for (const Field& f : m_fields)
        if (f.key == key)
            return f.edit;
    return nullptr;
}

Result<Json> PatchEditor::editedOp() const
{
    Json op = m_op;
    for (const Field& f : m_fields) {
        const std::string text = f.edit->toPlainText().toStdString();
        if (!f.json) {
            op[f.key.toStdString()] = text;
            continue;
        }
        Json parsed = Json::parse(text, nullptr, false);
        if (parsed.is_discarded() || !parsed.is_object())
            return fail(
                Error::invalid(tr("%1 must be a JSON object").arg(f.key.isEmpty() ? tr("the operation") : f.key)));
        if (f.key.isEmpty())
            op = std::move(parsed);
        else
            op[f.key.toStdString()] = std::move(parsed);
    }
    return op;
}

void PatchEditor::showError(const QString& message)
{
    m_error->setText(tr("Not applied: %1").arg(message));
    m_error->show();
}

void PatchEditor::applyColors()
{
    m_error->setStyleSheet(QStringLiteral("color:%1").arg(Tones::of(this).css(Tones::Tone::ErrorText)));
}

} // namespace sediment::ui
